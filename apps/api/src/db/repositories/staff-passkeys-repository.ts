import type { Selectable } from 'kysely';
import type { Db } from '../database.ts';
import type { EpochMs, StaffPasskeysTable, StaffWebauthnChallengesTable } from '../schema.ts';
import { executor, type Executor } from '../executor.ts';

// Every SQL statement on staff_passkeys and staff_webauthn_challenges (services/staff/staff-passkeys.ts
// owns the rules).

export type PasskeyRow = Selectable<StaffPasskeysTable>;
type ChallengeRow = Selectable<StaffWebauthnChallengesTable>;

/** Stores a ceremony's challenge, dropping every challenge older than `expiredBefore` on the way. */
export async function insertChallenge(db: Db | Executor, row: ChallengeRow, expiredBefore: EpochMs): Promise<void> {
  await executor(db).deleteFrom('staffWebauthnChallenges').where('createdAt', '<', expiredBefore).execute();
  await executor(db).insertInto('staffWebauthnChallenges').values(row).execute();
}

/** Takes a challenge once: the row is deleted and returned if it was there, of that purpose and fresh. */
export async function takeChallenge(db: Db | Executor, q: { id: string; purpose: ChallengeRow['purpose']; since: EpochMs }): Promise<ChallengeRow | null> {
  const row = await executor(db).selectFrom('staffWebauthnChallenges').selectAll().where('id', '=', q.id).executeTakeFirst();
  if (!row) return null;
  const deleted = await executor(db).deleteFrom('staffWebauthnChallenges').where('id', '=', q.id).executeTakeFirst();
  // Two requests with one challenge: only the one whose DELETE removed the row goes on.
  if (Number(deleted.numDeletedRows) !== 1 || row.purpose !== q.purpose || row.createdAt < q.since) return null;
  return row;
}

export async function passkeysOfStaff(db: Db | Executor, staffId: string): Promise<PasskeyRow[]> {
  return executor(db).selectFrom('staffPasskeys').selectAll().where('staffId', '=', staffId).orderBy('createdAt').execute();
}

export async function findPasskey(db: Db | Executor, id: string): Promise<PasskeyRow | null> {
  return (await executor(db).selectFrom('staffPasskeys').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** False when the credential id is registered already (to anyone). */
export async function insertPasskey(db: Db | Executor, row: PasskeyRow): Promise<boolean> {
  await executor(db)
    .insertInto('staffPasskeys')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const stored = await findPasskey(db, row.id);
  return stored !== null && stored.staffId === row.staffId && Number(stored.createdAt) === row.createdAt;
}

/** After a good assertion: the authenticator's new signature counter and the time. */
export async function passkeyUsed(db: Db | Executor, id: string, signCount: number, now: EpochMs): Promise<void> {
  await executor(db).updateTable('staffPasskeys').set({ signCount, lastUsedAt: now }).where('id', '=', id).execute();
}

export async function deletePasskey(db: Db | Executor, staffId: string, id: string): Promise<boolean> {
  const result = await executor(db).deleteFrom('staffPasskeys').where('staffId', '=', staffId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
