import type { Bank } from '@koza/domain/banks/banks';
import { childOccupationChooser } from '@koza/domain/steps/child-personal';
import type { Occupation, SavedApplication } from '../../api/application.ts';
import { savedText } from '../../api/application.ts';
import { birthdayOf } from '../../forms/birthday-select.tsx';
import type { InvitationEntry } from '../../forms/invitation-code-field.tsx';
import {
  emptyOccupationEntry,
  occupationEntryFrom,
  occupationPayload,
  occupationPayloadKeys,
  occupationsFor,
  withAllowedOccupation,
  type OccupationEntry,
} from '../../forms/occupation-section.tsx';
import { emptyPersonalForm, personalFormFrom, personalPayload, type PersonalForm } from '../../forms/personal-form.ts';

/** /child/personal: the child's personal data, occupation and school or workplace, invitation code. */
export interface ChildPersonalForm extends PersonalForm, OccupationEntry, InvitationEntry {}

export const emptyChildPersonalForm = (bank: Bank): ChildPersonalForm => ({
  ...emptyPersonalForm(bank, 'CHILD'),
  ...emptyOccupationEntry,
  invitationCode: '',
  invitationCodeState: { status: 'idle' },
});

/** The occupations the child may have at the age the form's birthday gives (all children's ones before). */
export const childOccupations = (form: ChildPersonalForm, list: readonly Occupation[], today: Date): Occupation[] =>
  occupationsFor(list, childOccupationChooser(birthdayOf(form) || null, today));

/**
 * The form after a change: a new birthday recomputes the age and clears an occupation no longer
 * allowed for it (SPEC.md §4 "Child personal").
 */
export const afterChildChange = (form: ChildPersonalForm, list: readonly Occupation[], today: Date): ChildPersonalForm =>
  withAllowedOccupation(form, list, childOccupationChooser(birthdayOf(form) || null, today));

/** The form as the saved application fills it; the invitation code from the entry link when none is saved. */
export function childPersonalFormFrom(
  application: SavedApplication,
  bank: Bank,
  list: readonly Occupation[],
  entryInvitation: string | undefined,
): ChildPersonalForm {
  const t = (key: keyof SavedApplication) => savedText(application, key);
  const invitation = t('invitationCode');
  return {
    ...personalFormFrom(application, bank),
    ...occupationEntryFrom(application, list),
    invitationCode: invitation || (entryInvitation ?? ''),
    invitationCodeState: invitation ? { status: 'verified', applied: invitation } : { status: 'idle' },
  };
}

/** The payload checked by the domain's childPersonalSchema: personal data plus the workplace fields. */
export function childPersonalPayload(form: ChildPersonalForm, occupation: Occupation | undefined): Record<string, unknown> {
  return {
    ...personalPayload(form),
    ...occupationPayload(form, occupation),
    invitationCode: form.invitationCodeState.status === 'verified' ? form.invitationCodeState.applied : null,
  };
}

/**
 * The child's workplace call's fields (POST /applications/workplace, after the personal data, SPEC.md
 * §2.5, §7); the call also carries no workplace code and no existing account.
 */
export const childWorkplaceKeys = [...occupationPayloadKeys, 'invitationCode'] as const;
export const childWorkplaceNulls = { workplaceId: null, existedAccountBranchCode: null, existedAccountNumber: null } as const;
