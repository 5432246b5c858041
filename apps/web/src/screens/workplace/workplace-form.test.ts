import { describe, expect, it } from 'vitest';
import type { Occupation, Workplace } from '../../api/application.ts';
import { isCodeSettled } from '../../forms/code-field.tsx';
import { canGoNext, emptyWorkplaceForm, type WorkplaceForm } from './workplace-form.ts';

const occupation = (name: string, workplaceRequirement: Occupation['workplaceRequirement']): Occupation => ({
  id: 1,
  name,
  displayNumber: 1,
  workplaceRequired: workplaceRequirement === 'REQUIRED',
  workplaceRequirement,
  generalDisplay: true,
  childDisplay: true,
  minDisplayAge: null,
  maxDisplayAge: null,
});
const employee = occupation('会社員', 'REQUIRED');
const partTimer = occupation('パート・アルバイト', 'OPTIONAL');
const homemaker = occupation('主婦・主夫', 'NONE');
const other = occupation('その他', 'OPTIONAL');
const permitted: Workplace = { id: 1001, name: '株式会社天神ロジテック', phoneNumber: '092-711-0001', multipleAccounts: 'PERMITTED' };

const form = (patch: Partial<WorkplaceForm>): WorkplaceForm => ({ ...emptyWorkplaceForm, ...patch });
const withWorkplace = (patch: Partial<WorkplaceForm> = {}) =>
  form({
    workplaceName: 'ｘ',
    workplacePhone: ['092', '711', '0001'],
    workplaceCode: '100001',
    workplaceCodeState: { status: 'verified', applied: '100001' },
    workplace: permitted,
    ...patch,
  });

describe("workplace screen's Next (SPEC.md §5)", () => {
  it('is disabled until an occupation is chosen', () => {
    expect(canGoNext(form({}), undefined)).toBe(false);
    expect(canGoNext(form({}), homemaker)).toBe(true);
  });

  it('needs the workplace name and all three phone parts when the occupation requires them', () => {
    expect(canGoNext(form({}), employee)).toBe(false);
    expect(canGoNext(form({ workplaceName: '株式会社テスト' }), employee)).toBe(false);
    expect(canGoNext(form({ workplaceName: '株式会社テスト', workplacePhone: ['092', '123', ''] }), employee)).toBe(false);
    expect(canGoNext(form({ workplaceName: ' ', workplacePhone: ['092', '123', '4567'] }), employee)).toBe(false);
    expect(canGoNext(form({ workplaceName: '株式会社テスト', workplacePhone: ['092', '123', '4567'] }), employee)).toBe(true);
  });

  it('does not need the workplace when it is optional', () => {
    expect(canGoNext(form({}), partTimer)).toBe(true);
  });

  it('needs the その他 text for その他', () => {
    expect(canGoNext(form({}), other)).toBe(false);
    expect(canGoNext(form({ occupationOther: '研究職' }), other)).toBe(true);
  });

  it('needs the existing-account answer when the verified workplace permits a second account, and both numbers for yes', () => {
    expect(canGoNext(withWorkplace(), employee)).toBe(false);
    expect(canGoNext(withWorkplace({ holdsAccount: 'no' }), employee)).toBe(true);
    expect(canGoNext(withWorkplace({ holdsAccount: 'yes' }), employee)).toBe(false);
    expect(canGoNext(withWorkplace({ holdsAccount: 'yes', existedAccountBranchCode: '123' }), employee)).toBe(false);
    expect(canGoNext(withWorkplace({ holdsAccount: 'yes', existedAccountBranchCode: '123', existedAccountNumber: '1234567' }), employee)).toBe(true);
  });

  it('does not ask the existing account for a workplace that does not permit it', () => {
    expect(canGoNext(withWorkplace({ workplace: { ...permitted, multipleAccounts: 'NOT_PERMITTED' } }), employee)).toBe(true);
  });
});

describe('code confirmation', () => {
  it('an empty, unapplied code or an applied, found one is settled; anything else must be applied or cleared', () => {
    expect(isCodeSettled('', { status: 'idle' })).toBe(true);
    expect(isCodeSettled('100001', { status: 'idle' })).toBe(false);
    expect(isCodeSettled('100001', { status: 'verified', applied: '100001' })).toBe(true);
    expect(isCodeSettled('100002', { status: 'verified', applied: '100001' })).toBe(false);
    expect(isCodeSettled('999999', { status: 'notFound', applied: '999999' })).toBe(false);
  });
});
