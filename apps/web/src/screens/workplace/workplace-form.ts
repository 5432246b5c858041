import type { ApplicationType } from '@koza/domain/constants';
import { ageOn, parseIsoDate } from '@koza/domain/dates';
import { isMultipleAccountsPermitted } from '@koza/domain/fields/existing-account';
import { isWorkplaceComplete } from '@koza/domain/steps/workplace-completeness';
import { validateStep } from '@koza/domain/steps/validate-step';
import { workplaceSchema } from '@koza/domain/steps/workplace';
import type { Occupation, SavedApplication, Workplace } from '../../api/application.ts';
import { savedText } from '../../api/application.ts';
import type { CodeState } from '../../forms/code-field.tsx';
import type { ExistingAccount } from '../../forms/existing-account-section.tsx';
import {
  emptyOccupationEntry,
  occupationContext,
  occupationEntryFrom,
  occupationPayload,
  occupationsFor,
  workplaceEntryOf,
  type OccupationEntry,
} from '../../forms/occupation-section.tsx';

export interface WorkplaceForm extends OccupationEntry, ExistingAccount {
  workplaceCode: string;
  workplaceCodeState: CodeState;
  /** The workplace found by the applied code (locks name and phone). */
  workplace: Workplace | null;
  invitationCode: string;
  invitationCodeState: CodeState;
}

export const emptyWorkplaceForm: WorkplaceForm = {
  ...emptyOccupationEntry,
  workplaceCode: '',
  workplaceCodeState: { status: 'idle' },
  workplace: null,
  invitationCode: '',
  invitationCodeState: { status: 'idle' },
  holdsAccount: '',
  existedAccountBranchCode: '',
  existedAccountNumber: '',
};

/** The occupations the applicant may choose: the domain's rule by application type and age. */
export function allowedOccupations(occupations: readonly Occupation[], applicationType: ApplicationType, birthday: string, today: Date): Occupation[] {
  const age = parseIsoDate(birthday) ? ageOn(birthday, today) : null;
  return occupationsFor(occupations, { applicationType, age });
}

/** Whether the existing-account question is asked: a verified workplace that permits a second account. */
export const asksExistingAccount = (form: WorkplaceForm): boolean =>
  form.workplaceCodeState.status === 'verified' && isMultipleAccountsPermitted(form.workplace);

/** SPEC.md §5 'Workplace screen Next' (the domain's isWorkplaceComplete over the form). */
export const canGoNext = (form: WorkplaceForm, occupation: Occupation | undefined): boolean =>
  isWorkplaceComplete({
    ...form,
    occupation: occupationContext(occupation),
    asksExistingAccount: asksExistingAccount(form),
    holdsExistingAccount: form.holdsAccount === '' ? null : form.holdsAccount === 'yes',
  });

/** The payload of POST /api/applications/workplace, before the domain schema normalises it. */
export function workplacePayload(form: WorkplaceForm, occupation: Occupation | undefined): Record<string, unknown> {
  const asked = asksExistingAccount(form) && form.holdsAccount === 'yes';
  return {
    ...occupationPayload(form, occupation),
    workplaceId: form.workplaceCodeState.status === 'verified' ? (form.workplace?.id ?? null) : null,
    invitationCode: form.invitationCodeState.status === 'verified' ? form.invitationCodeState.applied : null,
    existedAccountBranchCode: asked ? form.existedAccountBranchCode : null,
    existedAccountNumber: asked ? form.existedAccountNumber : null,
  };
}

/** The domain's workplace schema over the form. */
export function checkWorkplace(form: WorkplaceForm, occupation: Occupation | undefined) {
  return validateStep(
    workplaceSchema({
      occupation: occupationContext(occupation),
      multipleAccountsPermitted: asksExistingAccount(form),
      holdsExistingAccount: form.holdsAccount === '' ? null : form.holdsAccount === 'yes',
    }),
    workplacePayload(form, occupation),
  );
}

/** The form as the saved application fills it; `workplace` is the saved code looked up again. */
export function workplaceFormFrom(
  application: SavedApplication,
  occupations: readonly Occupation[],
  workplace: Workplace | null,
  entry: { workplace?: string | undefined; invitation?: string | undefined },
): WorkplaceForm {
  const t = (key: keyof SavedApplication) => savedText(application, key);
  const code = t('workplaceCode');
  const invitation = t('invitationCode');
  const form: WorkplaceForm = {
    ...emptyWorkplaceForm,
    ...occupationEntryFrom(application, occupations),
    workplaceCode: code || entry.workplace || '',
    invitationCode: invitation || (code ? '' : (entry.invitation ?? '')),
    invitationCodeState: invitation ? { status: 'verified', applied: invitation } : { status: 'idle' },
  };
  if (code && workplace) {
    const branch = t('existedAccountBranchCode');
    Object.assign(form, {
      workplaceCodeState: { status: 'verified', applied: code },
      workplace,
      ...workplaceEntryOf(workplace),
      holdsAccount: savedHoldsAccount(workplace, branch),
      existedAccountBranchCode: branch,
      existedAccountNumber: t('existedAccountNumber'),
    } satisfies Partial<WorkplaceForm>);
  }
  return form;
}

const savedHoldsAccount = (workplace: Workplace, branch: string): WorkplaceForm['holdsAccount'] =>
  isMultipleAccountsPermitted(workplace) ? (branch ? 'yes' : 'no') : '';
