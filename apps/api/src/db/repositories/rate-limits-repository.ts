import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { Db } from '../database.ts';
import type { Database, EpochMs } from '../schema.ts';

// rate_limit_events: one row per counted event and key. Counting and recording happen in ONE
// transaction holding a lock per key (PostgreSQL: advisory transaction lock on the key; SQLite:
// BEGIN IMMEDIATE already serialises writers), so instances sharing the database share the limits
// exactly, with no over-admission under concurrency.

/**
 * Runs `body` in a transaction that holds the locks of `keys` (taken in sorted order: no deadlock).
 */
export async function withKeyLocks<T>(db: Db, keys: readonly string[], body: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute(async (trx) => {
    if (db.dialect === 'postgres') {
      for (const key of [...new Set(keys)].sort()) {
        await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 7177))`.execute(trx);
      }
    }
    return body(trx);
  });
}

/** Times of the key's events after `since`, newest first, at most `limit`. */
export async function recentEventTimes(trx: Transaction<Database>, key: string, since: EpochMs, limit: number): Promise<EpochMs[]> {
  const rows = await trx.selectFrom('rateLimitEvents').select('at').where('key', '=', key).where('at', '>', since).orderBy('at', 'desc').limit(limit).execute();
  return rows.map((r) => r.at);
}

export async function recordEvent(trx: Transaction<Database>, key: string, at: EpochMs): Promise<void> {
  await trx.insertInto('rateLimitEvents').values({ key, at }).execute();
}

/** Drops the key's events that no window looks at any more (keeps each key's rows few). */
export async function pruneKey(trx: Transaction<Database>, key: string, before: EpochMs): Promise<void> {
  await trx.deleteFrom('rateLimitEvents').where('key', '=', key).where('at', '<=', before).execute();
}

/** Housekeeping across keys (keys that never come back). */
export async function pruneAll(db: Db, before: EpochMs): Promise<void> {
  await db.kysely.deleteFrom('rateLimitEvents').where('at', '<=', before).execute();
}
