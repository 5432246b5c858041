import { describe, expect, it } from 'vitest';
import { childParentScreenSchema } from '@koza/domain/steps/child-parent';
import { savedApplications, savedParent as parent } from '../../test/api-mock.ts';
import { emptyParentForm, parentFormFrom, parentPayload } from './child-parent-form.ts';

const today = new Date('2026-06-15T12:00:00+09:00');
const child = savedApplications({ applicationType: 'CHILD', lastName: '山田', kanaLastName: 'ﾔﾏﾀﾞ' }).application;

describe('parent form', () => {
  it('starts with the child’s surname, the year 1990 (SPEC.md §5) and the only proxy reason', () => {
    expect(emptyParentForm(child, today)).toMatchObject({
      lastName: '山田',
      kanaLastName: 'ﾔﾏﾀﾞ',
      firstName: '',
      birthYear: '1990',
      proxyApplicationReason: 'minor',
      relationship: '',
    });
  });

  it('shows the saved parent when there is one (going back from the branch)', () => {
    const form = parentFormFrom(child, parent, [], today);
    expect(form).toMatchObject({
      firstName: '良子',
      birthYear: '1985',
      birthMonth: '5',
      birthDay: '5',
      relationship: 'MOTHER',
      phones: { mobilePhoneNumber: ['090', '2222', '3456'], phoneNumber: ['', '', ''] },
    });
    expect(parentPayload(form, undefined)).toMatchObject({
      birthday: '1985-05-05',
      relationship: 'MOTHER',
      mobilePhoneNumber: '090-2222-3456',
      proxyApplicationReason: 'minor',
    });
  });

  it("sends exactly the fields the domain's parent schemas declare (a field given a rule there is typed on the page)", () => {
    const declared = Object.keys(childParentScreenSchema({ today, childLastName: '山田', childKanaLastName: 'ﾔﾏﾀﾞ', occupation: null }).shape);
    expect(Object.keys(parentPayload(emptyParentForm(child, today), undefined)).sort()).toEqual(declared.sort());
  });
});
