import { describe, expect, it } from 'vitest';
import { getBank } from '@koza/domain/banks/banks';
import type { Occupation } from '../../api/application.ts';
import { splitPayload } from '../../forms/split-payload.ts';
import { savedApplications } from '../../test/api-mock.ts';
import {
  afterChildChange,
  childOccupations,
  childPersonalFormFrom,
  childPersonalPayload,
  childWorkplaceKeys,
  emptyChildPersonalForm,
} from './child-personal-form.ts';

const bank = getBank('0177');
const today = new Date('2026-06-15T12:00:00+09:00');
const occupation = (id: number, name: string, minDisplayAge: number | null, maxDisplayAge: number | null, childDisplay = true): Occupation => ({
  id,
  name,
  displayNumber: id,
  workplaceRequired: false,
  workplaceRequirement: 'OPTIONAL',
  generalDisplay: !childDisplay || minDisplayAge !== 0,
  childDisplay,
  minDisplayAge,
  maxDisplayAge,
});
const list = [occupation(1, '会社員', 15, null), occupation(2, '公務員', 18, null, false), occupation(9, '学生', 6, null), occupation(13, '未就学児', 0, 6)];
const withBirthday = (year: string, occupationId = '') => ({ ...emptyChildPersonalForm(bank), birthYear: year, birthMonth: '6', birthDay: '15', occupationId });
const names = (os: Occupation[]) => os.map((o) => o.name);

describe('child personal: occupations by the child’s age (SPEC.md §4)', () => {
  it('lists the children’s occupations the age allows (all of them before a birthday is chosen)', () => {
    expect(names(childOccupations(withBirthday('2016'), list, today))).toEqual(['学生']);
    expect(names(childOccupations(withBirthday('2021'), list, today))).toEqual(['未就学児']);
    expect(names(childOccupations(withBirthday('2020'), list, today))).toEqual(['学生', '未就学児']);
    expect(names(childOccupations(withBirthday('2010'), list, today))).toEqual(['会社員', '学生']);
    expect(names(childOccupations(emptyChildPersonalForm(bank), list, today))).toEqual(['会社員', '学生', '未就学児']);
  });

  it('clears an occupation the new birthday no longer allows, and keeps one it does', () => {
    const student = withBirthday('2016', '9');
    expect(afterChildChange({ ...student, birthYear: '2021' }, list, today).occupationId).toBe('');
    expect(afterChildChange({ ...student, birthYear: '2012' }, list, today).occupationId).toBe('9');
    expect(afterChildChange(student, list, today)).toBe(student);
  });
});

describe('child personal: the two calls', () => {
  it('posts the personal data, then the workplace fields with the invitation code', () => {
    const form = {
      ...withBirthday('2016', '9'),
      workplaceName: '天神小学校',
      invitationCode: 'ABC123',
      invitationCodeState: { status: 'verified', applied: 'ABC123' } as const,
    };
    const { first, second } = splitPayload(childPersonalPayload(form, list[2]), childWorkplaceKeys);
    expect(second).toEqual({ occupationId: 9, occupationOther: '', workplaceName: '天神小学校', workplacePhoneNumber: '', invitationCode: 'ABC123' });
    expect(first).toMatchObject({ birthday: '2016-06-15' });
    expect(Object.keys(first)).not.toContain('occupationId');
  });

  it('fills the form from the saved application, the invitation code of the entry link when none is saved', () => {
    const saved = savedApplications({ applicationType: 'CHILD', occupationName: '学生', workplaceName: '天神小学校', birthday: '2016-06-15' }).application;
    const form = childPersonalFormFrom(saved, bank, list, 'XYZ789');
    expect(form).toMatchObject({
      occupationId: '9',
      workplaceName: '天神小学校',
      birthYear: '2016',
      invitationCode: 'XYZ789',
      invitationCodeState: { status: 'idle' },
    });
  });
});
