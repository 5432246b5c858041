import type { Db } from '../database.ts';
import type { EpochMs } from '../schema.ts';
import { executor, type Executor } from '../executor.ts';

// The SQL of staff changes that wait for a second ADMIN (migration 061, decision 0233).

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

/** The waiting account or role change confirmed: the account may sign in, a pending role applies. */
export async function markConfirmed(db: Db | Executor, id: string, by: string, role: string, now: EpochMs): Promise<void> {
  await executor(db)
    .updateTable('staffUsers')
    .set({ awaitingConfirmation: 0, confirmedBy: by, confirmedAt: now, role, pendingRole: null, roleRequestedBy: null, updatedAt: now })
    .where('id', '=', id)
    .execute();
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
