// When the workplace screen's Next may be pressed (SPEC.md §5 'Workplace screen Next'): a rule of
// the screen, kept here with the other rules so the web and the child's workplace page share it.

import type { OccupationContext } from '../fields/occupation.ts';

export interface WorkplaceEntry {
  occupation: OccupationContext | null;
  workplaceName: string;
  /** The phone's three parts as typed. */
  workplacePhone: readonly string[];
  occupationOther: string;
  /** The existing-account question is asked (a verified workplace that permits a second account). */
  asksExistingAccount: boolean;
  /** Its answer: null unanswered. */
  holdsExistingAccount: boolean | null;
  existedAccountBranchCode: string;
  existedAccountNumber: string;
}

/**
 * An occupation is chosen; when it requires a workplace, the name and all three phone parts are
 * filled; the その他 text when その他; the existing-account answer when asked, and both numbers when yes.
 */
export function isWorkplaceComplete(entry: WorkplaceEntry): boolean {
  const { occupation } = entry;
  if (!occupation) return false;
  const filled = (s: string) => s.trim() !== '';
  if (occupation.workplaceRequirement === 'REQUIRED' && !(filled(entry.workplaceName) && entry.workplacePhone.every(filled))) return false;
  if (occupation.isOther && !filled(entry.occupationOther)) return false;
  if (entry.asksExistingAccount) {
    if (entry.holdsExistingAccount === null) return false;
    if (entry.holdsExistingAccount && !(filled(entry.existedAccountBranchCode) && filled(entry.existedAccountNumber))) return false;
  }
  return true;
}
