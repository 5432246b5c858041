import type { Db } from '../../../db/database.ts';
import { findParentByApplicationId } from '../../../db/repositories/applications-repository.ts';
import type { ApplicationRow, StepValues } from '../../../db/repositories/applications-repository.ts';
import { findOccupation } from '../../../db/repositories/reference-lookups-repository.ts';
import { isOccupationAllowedFor } from './occupation-allowed.ts';

// The child's personal data (POST /api/applications/personal in the child flow) is saved by
// services/applicant/applications.ts savePersonal with the child's birthday rule. Saving it AGAIN may break
// a rule of a later step that compared against it (docs/decisions/0132-child-steps-undone.md):
// - the parent's surname and kana surname must be the child's → the parent's personal data is
//   marked unsaved when they no longer match;
// - the child's occupation must be allowed at the child's age → the child's workplace is marked
//   unsaved when the new birthday no longer allows it.
// The order rules (flows.ts) then refuse the branch and the PIN (409) until those steps are saved
// again, so nothing inconsistent can reach the PIN; the saved values stay for the web to show.

/** The saved-step marks to clear when the child's personal data changes to `next`. */
export async function childStepsUndoneBy(
  db: Db,
  application: ApplicationRow,
  next: { lastName: string; kanaLastName: string; birthday: string },
  now: Date,
): Promise<Pick<StepValues, 'workplaceSavedAt' | 'parentPersonalSavedAt'>> {
  const undone: Pick<StepValues, 'workplaceSavedAt' | 'parentPersonalSavedAt'> = {};
  if (application.parentPersonalSavedAt !== null) {
    const parent = await findParentByApplicationId(db, application.id);
    if (parent?.lastName !== next.lastName || parent?.kanaLastName !== next.kanaLastName) undone.parentPersonalSavedAt = null;
  }
  if (application.workplaceSavedAt !== null && application.occupationId !== null) {
    const occupation = await findOccupation(db, application.occupationId);
    if (!occupation || !isOccupationAllowedFor(occupation, 'CHILD', next.birthday, now)) undone.workplaceSavedAt = null;
  }
  return undone;
}
