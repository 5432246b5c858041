import type { Bank } from '@koza/domain/banks/banks';
import type { ApplicationType, BankCode } from '@koza/domain/constants';
import { ageOn, parseIsoDate } from '@koza/domain/dates';
import { isOccupationAllowed, otherOccupationName } from '@koza/domain/fields/occupation';
import type { OccupationContext, WorkplaceRequirement } from '@koza/domain/fields/occupation';
import { messages } from '@koza/domain/messages';
import type { Db } from '../../db/database.ts';
import {
  findOccupation,
  findValidInvitationCode,
  findWorkplaceByCode,
  listBranches,
  listOccupations,
} from '../../db/repositories/reference-lookups-repository.ts';
import type { BranchRow, OccupationRow } from '../../db/repositories/reference-lookups-repository.ts';
import { notFound } from '../platform/refusals.ts';

// Look-ups in the reference data that the application screens make (SPEC.md §7): occupations,
// workplace code, invitation code, branch list. The save calls reuse them to check what was sent.

export interface OccupationItem {
  id: number;
  name: string;
  displayNumber: number;
  /** SPEC.md §3's boolean: true when a workplace (name and phone) must be entered. */
  workplaceRequired: boolean;
  /** The three-valued rule behind it (docs/decisions/0040-occupation-requirement.md). */
  workplaceRequirement: WorkplaceRequirement;
  generalDisplay: boolean;
  childDisplay: boolean;
  minDisplayAge: number | null;
  maxDisplayAge: number | null;
}

const requirementOf = (row: OccupationRow): WorkplaceRequirement =>
  row.workplaceRequired === 'REQUIRED' || row.workplaceRequired === 'OPTIONAL' ? row.workplaceRequired : 'NONE';

const isOther = (row: OccupationRow): boolean => row.name === otherOccupationName;

/** By displayNumber, その他 always last (whatever its number says). */
export async function occupationList(db: Db): Promise<OccupationItem[]> {
  const rows = await listOccupations(db);
  const ordered = [...rows.filter((r) => !isOther(r)), ...rows.filter(isOther)];
  return ordered.map((r) => ({
    id: r.id,
    name: r.name,
    displayNumber: r.displayNumber,
    workplaceRequired: requirementOf(r) === 'REQUIRED',
    workplaceRequirement: requirementOf(r),
    generalDisplay: r.generalDisplay === 1,
    childDisplay: r.childDisplay === 1,
    minDisplayAge: r.minDisplayAge,
    maxDisplayAge: r.maxDisplayAge,
  }));
}

export interface KnownOccupation {
  row: OccupationRow;
  context: OccupationContext;
}

/**
 * The domain's occupation rule over a stored row: whether an applicant of this type, born on
 * `birthday` (the saved personal data; null: age unknown), may choose the occupation at `now`.
 */
export function isOccupationAllowedFor(row: OccupationRow, applicationType: ApplicationType, birthday: string | null, now: Date): boolean {
  const age = birthday !== null && parseIsoDate(birthday) ? ageOn(birthday, now) : null;
  const display = {
    generalDisplay: row.generalDisplay === 1,
    childDisplay: row.childDisplay === 1,
    minDisplayAge: row.minDisplayAge,
    maxDisplayAge: row.maxDisplayAge,
  };
  return isOccupationAllowed(display, { applicationType, age });
}

/** Largest value of an INTEGER id column (PostgreSQL refuses to compare a larger number with one). */
export const maxIntegerId = 2_147_483_647;

/** The occupation a payload's occupationId names (a number or a digit string), or null. */
export async function occupationById(db: Db, id: unknown): Promise<KnownOccupation | null> {
  const n = typeof id === 'number' ? id : typeof id === 'string' && /^\d{1,10}$/.test(id.trim()) ? Number(id.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0 || n > maxIntegerId) return null;
  const row = await findOccupation(db, n);
  return row ? { row, context: { workplaceRequirement: requirementOf(row), isOther: isOther(row) } } : null;
}

export interface WorkplaceItem {
  id: number;
  name: string;
  phoneNumber: string;
  /** PERMITTED: a second account may be opened (the existing account is then asked). */
  multipleAccounts: string;
}

// The rule itself is the domain's (the web asks the existing account by the same function).
export { isMultipleAccountsPermitted } from '@koza/domain/fields/existing-account';

/** GET /api/workplace: the bank's workplace with this code, else 404 with the screen's message. */
export async function lookupWorkplace(db: Db, bank: Bank, code: string): Promise<WorkplaceItem> {
  const row = await findWorkplaceByCode(db, bank.code, code);
  if (!row) throw notFound(messages.workplaceCodeNotFound);
  return { id: row.id, name: row.name, phoneNumber: row.phoneNumber, multipleAccounts: row.multipleAccounts };
}

/** GET /api/invitation: nothing when the code is the bank's and valid now, else 404 with the screen's message. */
export async function checkInvitationCode(db: Db, bank: Bank, code: string, now: Date): Promise<void> {
  if (!(await findValidInvitationCode(db, bank.code, code, now.getTime()))) throw notFound(messages.invitationCodeNotFound);
}

export interface BranchItem {
  code: string;
  name: string;
  address: string;
}

/** Where the applicant lives, as far as the saved personal data tells. */
export interface Residence {
  prefecture: string | null;
  /** The searched municipality; null for a temporary (typed) address. */
  municipality: string | null;
  /** The typed temporary address (municipality onwards), when there is one. */
  typedAddress: string | null;
}

/**
 * Whether a branch stands in the applicant's municipality. A typed temporary address has no
 * municipality field: it counts when it starts with the branch's municipality (福岡市中央区天神… ).
 */
export const isInResidenceMunicipality = (branch: Pick<BranchRow, 'prefecture' | 'municipality'>, r: Residence): boolean =>
  r.prefecture !== null &&
  branch.prefecture === r.prefecture &&
  (r.municipality !== null ? branch.municipality === r.municipality : (r.typedAddress ?? '').startsWith(branch.municipality));

/**
 * GET /api/branch (DECISIONS.md §5). General: every branch of the bank, those in the applicant's
 * municipality first, each group by code. Child: only the branches in the child's municipality
 * (an empty list makes the web show that the web application is unavailable).
 */
export async function branchList(db: Db, bank: Bank, applicationType: string, residence: Residence): Promise<BranchItem[]> {
  const all = await listBranches(db, bank.code);
  const local = all.filter((b) => isInResidenceMunicipality(b, residence));
  const chosen = applicationType === 'CHILD' ? local : [...local, ...all.filter((b) => !local.includes(b))];
  return chosen.map((b) => ({ code: b.code, name: b.name, address: b.address }));
}

/** The bank's branches by code (code and name): the back office's branch filter. */
export async function bankBranches(db: Db, bankCode: BankCode): Promise<{ code: string; name: string }[]> {
  return (await listBranches(db, bankCode)).map((b) => ({ code: b.code, name: b.name }));
}
