import { messages } from '@koza/domain/messages';
import type { FieldError } from '@koza/domain/steps/validate-step';
import { validateStep } from '@koza/domain/steps/validate-step';
import { childWorkplaceSchema } from '@koza/domain/steps/workplace';
import { findValidInvitationCode } from '../../../db/repositories/reference-lookups-repository.ts';
import { FieldValidationError } from '../../platform/refusals.ts';
import { assertBodyBasics, assertSaveAllowed, isRecord, saveWorkplace, typedColumns, update } from '../applications.ts';
import type { SaveDeps, SaveRequest } from '../applications.ts';
import { occupationById } from '../reference-lookups.ts';
import { isOccupationAllowedFor } from './occupation-allowed.ts';

// POST /api/applications/workplace of the child flow (SPEC.md §2.5, §7): the child's occupation,
// school or workplace and invitation code, posted right after the child's personal data. No
// workplace code and no existing account: workplaceId and the two existing-account fields are
// stored null whatever is sent. The occupation must be one displayed for children at the child's
// age (from the saved birthday).

export async function saveChildWorkplace({ db, clock }: SaveDeps, { bank, application, body }: SaveRequest): Promise<void> {
  assertSaveAllowed(application, 'workplace');
  assertBodyBasics(body, bank);
  const now = clock.now();
  const raw = isRecord(body) ? body : {};
  const occupation = await occupationById(db, raw.occupationId);
  const result = validateStep(childWorkplaceSchema({ occupation: occupation?.context ?? null }), body);

  const errors: FieldError[] = result.ok ? [] : [...result.errors];
  const add = (field: string, message: string) => {
    if (!errors.some((e) => e.field === field)) errors.push({ field, message });
  };
  if (occupation === null || !isOccupationAllowedFor(occupation.row, 'CHILD', application.birthday, now)) {
    add('occupationId', messages.selectRequired);
  }
  if (result.ok && result.value.invitationCode !== null) {
    if (!(await findValidInvitationCode(db, bank.code, result.value.invitationCode, now.getTime()))) {
      add('invitationCode', messages.invitationCodeNotFound);
    }
  }
  if (errors.length > 0 || !result.ok || occupation === null) throw new FieldValidationError(errors);
  const v = result.value;

  await update(db, application, {
    ...typedColumns(v),
    occupationId: occupation.row.id,
    occupationName: occupation.row.name,
    workplaceCode: null,
    workplaceId: null,
    existedAccountBranchCode: null,
    existedAccountNumber: null,
    workplaceSavedAt: now.getTime(),
    updatedAt: now.getTime(),
  });
}

/** POST /api/applications/workplace: the child's workplace save for a child application, else the general one. */
export const saveWorkplaceOfFlow = (deps: SaveDeps, request: SaveRequest): Promise<void> =>
  request.application.applicationType === 'CHILD' ? saveChildWorkplace(deps, request) : saveWorkplace(deps, request);
