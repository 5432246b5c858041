import type { Selectable } from 'kysely';
import type { Db } from '../database.ts';
import { prepared } from '../prepared.ts';
import type { BranchesTable, EpochMs, InvitationCodesTable, OccupationsTable, PostalCodesTable, WorkplacesTable } from '../schema.ts';

// Read-only SQL on the reference tables (occupations, branches, workplaces, invitation codes, postal
// codes) that the application steps look things up in. The tables are reloaded from data/
// (services/platform/reference-data.ts); nothing here writes.

export type OccupationRow = Selectable<OccupationsTable>;
export type BranchRow = Selectable<BranchesTable>;
export type WorkplaceRow = Selectable<WorkplacesTable>;
export type InvitationCodeRow = Selectable<InvitationCodesTable>;

export async function listOccupations(db: Db): Promise<OccupationRow[]> {
  return db.kysely.selectFrom('occupations').selectAll().orderBy('displayNumber').orderBy('id').execute();
}

export async function findOccupation(db: Db, id: number): Promise<OccupationRow | null> {
  return (await db.kysely.selectFrom('occupations').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** The bank's branches by code. */
export async function listBranches(db: Db, bankCode: string): Promise<BranchRow[]> {
  return db.kysely.selectFrom('branches').selectAll().where('bankCode', '=', bankCode).orderBy('code').execute();
}

/** The municipalities of a prefecture where the bank has a branch. */
export async function branchMunicipalities(db: Db, bankCode: string, prefecture: string): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('branches')
    .select('municipality')
    .distinct()
    .where('bankCode', '=', bankCode)
    .where('prefecture', '=', prefecture)
    .execute();
  return rows.map((r) => r.municipality);
}

export async function findWorkplaceByCode(db: Db, bankCode: string, code: string): Promise<WorkplaceRow | null> {
  return (await db.kysely.selectFrom('workplaces').selectAll().where('bankCode', '=', bankCode).where('code', '=', code).executeTakeFirst()) ?? null;
}

export async function findWorkplaceById(db: Db, bankCode: string, id: number): Promise<WorkplaceRow | null> {
  return (await db.kysely.selectFrom('workplaces').selectAll().where('bankCode', '=', bankCode).where('id', '=', id).executeTakeFirst()) ?? null;
}

/** The bank's invitation code when it is valid at `now` (from inclusive, until exclusive, null = open). */
export async function findValidInvitationCode(db: Db, bankCode: string, code: string, now: EpochMs): Promise<InvitationCodeRow | null> {
  const row = await db.kysely
    .selectFrom('invitationCodes')
    .selectAll()
    .where('bankCode', '=', bankCode)
    .where('code', '=', code)
    .where((eb) => eb.or([eb('validFromAt', 'is', null), eb('validFromAt', '<=', now)]))
    .where((eb) => eb.or([eb('validUntilAt', 'is', null), eb('validUntilAt', '>', now)]))
    .executeTakeFirst();
  return row ?? null;
}

/** The postal rows of a code and municipality code (the towns an address search offered). */
export async function findPostalTowns(db: Db, postalNumber: string, addressCode: string): Promise<Selectable<PostalCodesTable>[]> {
  return (await postalTowns(db.kysely, [postalNumber, addressCode])).rows;
}

const postalTowns = prepared<Selectable<PostalCodesTable>>((k, arg) =>
  k.selectFrom('postalCodes').selectAll().where('postalNumber', '=', arg(0)).where('addressCode', '=', arg(1)),
);
