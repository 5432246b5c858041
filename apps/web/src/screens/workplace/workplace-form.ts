import type { Requirement } from '@koza/domain/fields/common';
import { otherOccupationName } from '@koza/domain/fields/occupation';
import { joinPhoneParts } from '@koza/domain/fields/phone';
import type { Occupation, Workplace } from '../../api/application.ts';
import type { PhoneParts } from '../../components/phone-field.tsx';

/** A code input: typed, applied and found, or applied and not found (SPEC.md §4). */
export type CodeState =
  | { status: 'idle' }
  | { status: 'verified'; applied: string }
  | { status: 'notFound'; applied: string };

export interface WorkplaceForm {
  occupationId: string;
  occupationOther: string;
  workplaceName: string;
  workplacePhone: PhoneParts;
  workplaceCode: string;
  workplaceCodeState: CodeState;
  /** The workplace found by the applied code (locks name and phone). */
  workplace: Workplace | null;
  invitationCode: string;
  invitationCodeState: CodeState;
  /** Answer to the existing-account question: '' unanswered. */
  holdsAccount: '' | 'yes' | 'no';
  existedAccountBranchCode: string;
  existedAccountNumber: string;
}

export const emptyWorkplaceForm: WorkplaceForm = {
  occupationId: '',
  occupationOther: '',
  workplaceName: '',
  workplacePhone: ['', '', ''],
  workplaceCode: '',
  workplaceCodeState: { status: 'idle' },
  workplace: null,
  invitationCode: '',
  invitationCodeState: { status: 'idle' },
  holdsAccount: '',
  existedAccountBranchCode: '',
  existedAccountNumber: '',
};

export const isPermitted = (workplace: Workplace | null): boolean => workplace?.multipleAccounts === 'PERMITTED';

/** The chosen occupation's requirement and whether it is その他. */
export function occupationContext(occupation: Occupation | undefined): { workplaceRequirement: Requirement; isOther: boolean } | null {
  if (!occupation) return null;
  return { workplaceRequirement: occupation.workplaceRequirement, isOther: occupation.name === otherOccupationName };
}

/** Whether the existing-account question is asked: a verified workplace that permits a second account. */
export const asksExistingAccount = (form: WorkplaceForm): boolean =>
  form.workplaceCodeState.status === 'verified' && isPermitted(form.workplace);

/**
 * SPEC.md §5 'Workplace screen Next': an occupation is chosen; when it requires a workplace, the name
 * and all three phone parts are filled; the その他 text when その他; the existing-account answer when
 * asked, and both numbers when yes.
 */
export function canGoNext(form: WorkplaceForm, occupation: Occupation | undefined): boolean {
  const ctx = occupationContext(occupation);
  if (!ctx) return false;
  const filled = (s: string) => s.trim() !== '';
  if (ctx.workplaceRequirement === 'REQUIRED' && !(filled(form.workplaceName) && form.workplacePhone.every(filled))) return false;
  if (ctx.isOther && !filled(form.occupationOther)) return false;
  if (asksExistingAccount(form)) {
    if (form.holdsAccount === '') return false;
    if (form.holdsAccount === 'yes' && !(filled(form.existedAccountBranchCode) && filled(form.existedAccountNumber))) return false;
  }
  return true;
}

/** A code is settled when empty and never applied, or applied and found with the same text. */
export function isCodeSettled(input: string, state: CodeState): boolean {
  if (state.status === 'verified') return input.trim() === state.applied;
  return input.trim() === '' && state.status === 'idle';
}

/** The payload of POST /api/applications/workplace, before the domain schema normalises it. */
export function workplacePayload(form: WorkplaceForm, occupation: Occupation | undefined): Record<string, unknown> {
  const asked = asksExistingAccount(form) && form.holdsAccount === 'yes';
  const requirement = occupation?.workplaceRequirement ?? 'NONE';
  return {
    occupationId: occupation?.id ?? null,
    occupationOther: form.occupationOther,
    workplaceName: requirement === 'NONE' ? null : form.workplaceName,
    workplacePhoneNumber: requirement === 'NONE' ? null : joinPhoneParts(form.workplacePhone),
    workplaceId: form.workplaceCodeState.status === 'verified' ? (form.workplace?.id ?? null) : null,
    invitationCode: form.invitationCodeState.status === 'verified' ? form.invitationCodeState.applied : null,
    existedAccountBranchCode: asked ? form.existedAccountBranchCode : null,
    existedAccountNumber: asked ? form.existedAccountNumber : null,
  };
}
