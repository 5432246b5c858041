import type { Selectable } from 'kysely';
import type { Db } from '../database.ts';
import { prepared } from '../prepared.ts';
import type { EkycSessionsTable, EpochMs, Flag, ProviderEkycStatus } from '../schema.ts';
import { executor, type Executor } from '../executor.ts';

// Every SQL statement on `ekyc_sessions`: one row per session opened at the provider.

export type EkycSessionRow = Selectable<EkycSessionsTable>;

/** Provider statuses a session can still leave; the others are results, and a result is final. */
export const openProviderStatuses: readonly ProviderEkycStatus[] = ['CREATED', 'SUBMITTED'];

export interface NewEkycSession {
  id: string;
  applicationId: string;
  attempt: number;
  providerSessionId: string;
  method: string;
  url: string;
  now: EpochMs;
}

/**
 * Records a new session unless another one took this attempt number meanwhile (two starts at the
 * same moment): false then, and the caller hands back the other one.
 */
export async function insertEkycSessionOnce(db: Db | Executor, s: NewEkycSession): Promise<boolean> {
  const result = await executor(db)
    .insertInto('ekycSessions')
    .values({
      id: s.id,
      applicationId: s.applicationId,
      attempt: s.attempt,
      providerSessionId: s.providerSessionId,
      method: s.method,
      providerStatus: 'CREATED',
      status: 1,
      supplementRequired: 0,
      url: s.url,
      webhookAt: null,
      pulledAt: null,
      createdAt: s.now,
      updatedAt: s.now,
    })
    .onConflict((oc) => oc.columns(['applicationId', 'attempt']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** The application's newest session, or null before the first one. */
export async function findLatestEkycSession(db: Db | Executor, applicationId: string): Promise<EkycSessionRow | null> {
  const row = await executor(db)
    .selectFrom('ekycSessions')
    .selectAll()
    .where('applicationId', '=', applicationId)
    .orderBy('attempt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The bank of an application and its newest eKYC session (null when it has none), in one query;
 * null when there is no such application.
 */
export async function findBankAndLatestEkycSession(db: Db, applicationId: string): Promise<{ bankCode: string; session: EkycSessionRow | null } | null> {
  const [row] = (await bankAndLatestEkycSession(db.kysely, [applicationId])).rows;
  if (!row) return null;
  const { applicationBankCode, ...session } = row;
  return { bankCode: applicationBankCode, session: session.id === null ? null : (session as EkycSessionRow) };
}

const bankAndLatestEkycSession = prepared((k, arg) =>
  k
    .selectFrom('applications as a')
    .leftJoin('ekycSessions as e', 'e.applicationId', 'a.id')
    .selectAll('e')
    .select('a.bankCode as applicationBankCode')
    .where('a.id', '=', arg(0))
    .orderBy('e.attempt', 'desc')
    .limit(1),
);

export async function findEkycSessionByProviderId(db: Db | Executor, providerSessionId: string): Promise<EkycSessionRow | null> {
  return (await executor(db).selectFrom('ekycSessions').selectAll().where('providerSessionId', '=', providerSessionId).executeTakeFirst()) ?? null;
}

/**
 * Records what the provider says, only moving forward: CREATED → SUBMITTED → a result. A result is
 * final, so a replayed or late message never changes it. True when the row changed.
 */
export async function recordEkycProgress(
  db: Db | Executor,
  u: {
    id: string;
    providerStatus: ProviderEkycStatus;
    status: number;
    supplementRequired: Flag;
    via: 'webhook' | 'pull';
    now: EpochMs;
  },
): Promise<boolean> {
  const from: readonly ProviderEkycStatus[] = u.providerStatus === 'SUBMITTED' ? ['CREATED'] : openProviderStatuses;
  if (u.providerStatus === 'CREATED') return false;
  const result = await executor(db)
    .updateTable('ekycSessions')
    .set({
      providerStatus: u.providerStatus,
      status: u.status,
      supplementRequired: u.supplementRequired,
      updatedAt: u.now,
      ...(u.via === 'webhook' ? { webhookAt: u.now } : { pulledAt: u.now }),
    })
    .where('id', '=', u.id)
    .where('providerStatus', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Notes a pull that brought nothing new (pulls are spaced out per session). */
/**
 * Takes the turn to pull a session from the provider: sets pulled_at to `now` only if it is still
 * the value this caller read (compare-and-set). Of simultaneous callers, on any instance, one wins.
 */
export async function claimEkycPull(db: Db | Executor, id: string, readPulledAt: EpochMs | null, now: EpochMs): Promise<boolean> {
  const result = await executor(db)
    .updateTable('ekycSessions')
    .set({ pulledAt: now })
    .where('id', '=', id)
    .where('pulledAt', readPulledAt === null ? 'is' : '=', readPulledAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markEkycPulled(db: Db | Executor, id: string, now: EpochMs): Promise<void> {
  await executor(db).updateTable('ekycSessions').set({ pulledAt: now }).where('id', '=', id).execute();
}
