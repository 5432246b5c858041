import type { Transaction } from 'kysely';
import type { Db } from '../database.ts';
import type { Database, EpochMs } from '../schema.ts';

// The sign-in throttle's reads and removals of rate_limit_events (services/staff/staff-throttle.ts).

/** Times of the key's events after `since`, newest first. */
export async function throttleEvents(trx: Transaction<Database>, key: string, since: EpochMs): Promise<EpochMs[]> {
  const rows = await trx.selectFrom('rateLimitEvents').select('at').where('key', '=', key).where('at', '>', since).orderBy('at', 'desc').limit(1000).execute();
  return rows.map((r) => Number(r.at));
}

/** Removes events by id, every event of `keys`, and every event whose key starts with `keyPrefix`. */
export async function forgetThrottleEvents(db: Db, q: { ids: number[]; keys: string[]; keyPrefix?: string }): Promise<number> {
  let removed = 0;
  if (q.ids.length > 0) removed += Number((await db.kysely.deleteFrom('rateLimitEvents').where('id', 'in', q.ids).executeTakeFirst()).numDeletedRows);
  if (q.keys.length > 0) removed += Number((await db.kysely.deleteFrom('rateLimitEvents').where('key', 'in', q.keys).executeTakeFirst()).numDeletedRows);
  if (q.keyPrefix) {
    // Keys are [a-z0-9:.-] and hex: no LIKE wildcard to escape.
    if (!/^[a-z0-9:.-]+$/.test(q.keyPrefix)) throw new Error('throttle key prefix with unexpected characters');
    removed += Number((await db.kysely.deleteFrom('rateLimitEvents').where('key', 'like', `${q.keyPrefix}%`).executeTakeFirst()).numDeletedRows);
  }
  return removed;
}

/** Events after `since` of `key` and of every key starting with `keyPrefix` (a member's counts, the staff list). */
export async function throttleEventsOfAccount(db: Db, q: { key: string; keyPrefix: string; since: EpochMs }): Promise<{ key: string; at: EpochMs }[]> {
  if (!/^[a-z0-9:.-]+$/.test(q.keyPrefix)) throw new Error('throttle key prefix with unexpected characters');
  const rows = await db.kysely
    .selectFrom('rateLimitEvents')
    .select(['key', 'at'])
    .where((eb) => eb.or([eb('key', '=', q.key), eb('key', 'like', `${q.keyPrefix}%`)]))
    .where('at', '>', q.since)
    .orderBy('at', 'desc')
    .limit(5000)
    .execute();
  return rows.map((r) => ({ key: r.key, at: Number(r.at) }));
}
