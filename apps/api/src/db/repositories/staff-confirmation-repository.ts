import type { Db } from '../database.ts';
import type { Selectable } from 'kysely';
import type { EpochMs, StaffUsersTable } from '../schema.ts';
import { executor, type Executor } from '../executor.ts';

// The SQL of staff changes that wait for a second ADMIN (migration 061, decision 0233).

/** The member's row, locked until the transaction ends on PostgreSQL (SQLite's writers are serialised already): one confirmation applies once. */
export async function findStaffForUpdate(trx: Executor, id: string, dialect: Db['dialect']): Promise<Selectable<StaffUsersTable> | null> {
  const query = trx.selectFrom('staffUsers').selectAll().where('id', '=', id);
  return (await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst()) ?? null;
}

/** ADMINs of the bank who can act now: not stopped, not waiting for their own confirmation. */
export async function countActiveAdmins(db: Db | Executor, bankCode: string): Promise<number> {
  const row = await executor(db)
    .selectFrom('staffUsers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('bankCode', '=', bankCode)
    .where('role', '=', 'ADMIN')
    .where('disabledAt', 'is', null)
    .where('awaitingConfirmation', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function markCreatedBy(db: Db | Executor, id: string, createdBy: string | null, awaiting: boolean): Promise<void> {
  await executor(db)
    .updateTable('staffUsers')
    .set({ createdBy, awaitingConfirmation: awaiting ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** What waits is confirmed: the account may sign in, a pending role applies, nothing waits any more, nobody is its author. */
export async function markConfirmed(db: Db | Executor, id: string, by: string, role: string, now: EpochMs): Promise<void> {
  await executor(db)
    .updateTable('staffUsers')
    .set({
      awaitingConfirmation: 0,
      confirmedBy: by,
      confirmedAt: now,
      role,
      pendingRole: null,
      roleRequestedBy: null,
      pendingPasswordReset: 0,
      pendingSecondFactorReset: 0,
      pendingDisable: 0,
      pendingEnable: 0,
      pendingUnlock: 0,
      pendingOidcIssuer: null,
      pendingOidcSubject: null,
      pendingOidcUnlink: 0,
      updatedAt: now,
    })
    .where('id', '=', id)
    .execute();
  await executor(db).deleteFrom('staffChangeAuthors').where('staffId', '=', id).execute();
}

export type PendingFlag = 'pendingPasswordReset' | 'pendingSecondFactorReset' | 'pendingDisable' | 'pendingEnable' | 'pendingUnlock' | 'pendingOidcUnlink';

/** A reset, a stop, a restart or an ADMIN's unlock waits for a second ADMIN. */
export async function setPendingFlag(db: Db | Executor, id: string, flag: PendingFlag, now: EpochMs): Promise<void> {
  await executor(db)
    .updateTable('staffUsers')
    .set({ [flag]: 1, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

/** `changedBy` asked for a change of the account that waits: they may not confirm it. */
export async function addChangeAuthor(db: Db | Executor, staffId: string, changedBy: string, now: EpochMs): Promise<void> {
  await executor(db)
    .insertInto('staffChangeAuthors')
    .values({ staffId, changedBy, at: now })
    .onConflict((oc) => oc.columns(['staffId', 'changedBy']).doNothing())
    .execute();
}

/** Who created or changed the account since its last confirmation. */
export async function changeAuthorsOf(db: Db | Executor, staffIds: readonly string[]): Promise<{ staffId: string; changedBy: string }[]> {
  if (staffIds.length === 0) return [];
  return executor(db).selectFrom('staffChangeAuthors').select(['staffId', 'changedBy']).where('staffId', 'in', staffIds).orderBy('at').execute();
}

/** Whether the bank is in four-eyes mode (it has had two ADMINs). */
export async function isFourEyesBank(db: Db | Executor, bankCode: string): Promise<boolean> {
  return (await executor(db).selectFrom('bankStaffModes').select('bankCode').where('bankCode', '=', bankCode).executeTakeFirst()) !== undefined;
}

export async function enterFourEyes(db: Db | Executor, bankCode: string, now: EpochMs): Promise<void> {
  await executor(db)
    .insertInto('bankStaffModes')
    .values({ bankCode, fourEyesSince: now })
    .onConflict((oc) => oc.column('bankCode').doNothing())
    .execute();
}

/** The command line's way back to one-ADMIN mode; true when the bank was in four-eyes mode. */
export async function leaveFourEyes(db: Db | Executor, bankCode: string): Promise<boolean> {
  const result = await executor(db).deleteFrom('bankStaffModes').where('bankCode', '=', bankCode).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function setPendingRole(db: Db | Executor, id: string, role: string | null, requestedBy: string | null, now: EpochMs): Promise<void> {
  await executor(db).updateTable('staffUsers').set({ pendingRole: role, roleRequestedBy: requestedBy, updatedAt: now }).where('id', '=', id).execute();
}

export async function setRole(db: Db | Executor, id: string, role: string, by: string, now: EpochMs): Promise<void> {
  await executor(db)
    .updateTable('staffUsers')
    .set({ role, pendingRole: null, roleRequestedBy: null, confirmedBy: by, confirmedAt: now, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

/** Display names of staff ids (the list's creator and confirmer). */
export async function displayNames(db: Db | Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await executor(db)
    .selectFrom('staffUsers')
    .select(['id', 'displayName'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.displayName]));
}
