import { fieldValuesIn } from '@koza/domain/fields/registry';
import { messages } from '@koza/domain/messages';
import { childParentSchema, parentWorkplaceSchema } from '@koza/domain/steps/child-parent';
import type { FieldError } from '@koza/domain/steps/validate-step';
import { validateStep } from '@koza/domain/steps/validate-step';
import { findParentByApplicationId, saveParentStep } from '../../../db/repositories/applications-repository.ts';
import type { ParentFieldValues } from '../../../db/repositories/applications-repository.ts';
import { findOccupation } from '../../../db/repositories/reference-lookups-repository.ts';
import { conflict, FieldValidationError } from '../../platform/refusals.ts';
import { assertBodyBasics, assertSaveAllowed, isRecord, valid } from '../applications.ts';
import type { SaveDeps, SaveRequest } from '../applications.ts';
import { occupationById } from '../reference-lookups.ts';
import { isOccupationAllowedFor } from './occupation-allowed.ts';

/** The parent's fields a validated step carries, as columns (the field registry's keys). */
const typedParentColumns = (v: object): ParentFieldValues => fieldValuesIn('parent', v) as ParentFieldValues;

// /child/parent, SPEC.md §3 "Parent application", §5 "Parent", §7:
//   POST /api/applications/personal/parent  — name, kana, birthday (18 or over), relationship
//     (FATHER / MOTHER), phones, proxy reason (only 'minor'); the surname and the kana surname must be
//     the SAVED child's (the domain's childParentSchema, with the child's values from the database);
//   POST /api/applications/workplace/parent — occupation (one of the general list at the parent's
//     age), other text, workplace or school name and phone by the occupation's requirement.
// Both answer 204; 409 outside a child application, before the child's personal data and workplace
// (the parent's workplace also needs the parent's personal data) and after the PIN; 400 { errors }.

export async function saveParentPersonal({ db, clock }: SaveDeps, { bank, application, body }: SaveRequest): Promise<void> {
  assertSaveAllowed(application, 'parentPersonal');
  assertBodyBasics(body, bank);
  const now = clock.now();
  const schema = childParentSchema({
    today: now,
    childLastName: application.lastName ?? '',
    childKanaLastName: application.kanaLastName ?? '',
  });
  const v = valid(validateStep(schema, body));

  // A new birthday may leave the saved occupation outside its age bounds: that step is then to be saved again.
  let parentWorkplaceSavedAt: number | null | undefined;
  if (application.parentWorkplaceSavedAt !== null) {
    const saved = await findParentByApplicationId(db, application.id);
    const occupation = saved?.occupationId == null ? null : await findOccupation(db, saved.occupationId);
    if (!occupation || !isOccupationAllowedFor(occupation, 'PARENT', v.birthday, now)) parentWorkplaceSavedAt = null;
  }

  const saved = await saveParentStep(
    db,
    application.id,
    typedParentColumns(v),
    { parentPersonalSavedAt: now.getTime(), ...(parentWorkplaceSavedAt === null ? { parentWorkplaceSavedAt } : {}) },
    now.getTime(),
  );
  if (!saved) throw conflict();
}

export async function saveParentWorkplace({ db, clock }: SaveDeps, { bank, application, body }: SaveRequest): Promise<void> {
  assertSaveAllowed(application, 'parentWorkplace');
  assertBodyBasics(body, bank);
  const now = clock.now();
  const raw = isRecord(body) ? body : {};
  const occupation = await occupationById(db, raw.occupationId);
  const result = validateStep(parentWorkplaceSchema({ occupation: occupation?.context ?? null }), body);

  const errors: FieldError[] = result.ok ? [] : [...result.errors];
  const parent = await findParentByApplicationId(db, application.id);
  const allowed = occupation !== null && isOccupationAllowedFor(occupation.row, 'PARENT', parent?.birthday ?? null, now);
  if (!allowed && !errors.some((e) => e.field === 'occupationId')) errors.push({ field: 'occupationId', message: messages.selectRequired });
  if (errors.length > 0 || !result.ok || occupation === null) throw new FieldValidationError(errors);
  const v = result.value;

  const saved = await saveParentStep(
    db,
    application.id,
    { ...typedParentColumns(v), occupationId: occupation.row.id, occupationName: occupation.row.name },
    { parentWorkplaceSavedAt: now.getTime() },
    now.getTime(),
  );
  if (!saved) throw conflict();
}
