import type { Db } from '../../db/database.ts';
import { pruneKey, recentEventTimes, recordEvent, withKeyLocks } from '../../db/repositories/rate-limits-repository.ts';
import { Refusal } from './refusals.ts';

// Sliding-window limits kept in the database (DECISIONS.md §1: instances keep no state that
// matters in memory). An event is counted only when every limit of the call lets it through, so a
// refused request never extends its own wait.

export interface Limit {
  /** At most `max` events … */
  max: number;
  /** … within this many milliseconds. */
  windowMs: number;
}

export interface LimitedKey {
  key: string;
  limits: readonly Limit[];
}

export type LimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one event for every key if all of their limits allow it; otherwise counts nothing. */
export async function hitLimits(db: Db, keys: readonly LimitedKey[], now: number): Promise<LimitResult> {
  return withKeyLocks(
    db,
    keys.map((k) => k.key),
    async (trx) => {
      let waitMs = 0;
      for (const { key, limits } of keys) {
        const longest = Math.max(...limits.map((l) => l.windowMs));
        const most = Math.max(...limits.map((l) => l.max));
        const times = await recentEventTimes(trx, key, now - longest, most);
        for (const limit of limits) {
          const inWindow = times.filter((t) => t > now - limit.windowMs);
          if (inWindow.length >= limit.max) {
            // Allowed again when the max-th newest event leaves the window.
            const freeingEvent = inWindow[limit.max - 1]!;
            waitMs = Math.max(waitMs, freeingEvent + limit.windowMs - now);
          }
        }
      }
      if (waitMs > 0) return { allowed: false as const, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
      for (const { key, limits } of keys) {
        await recordEvent(trx, key, now);
        await pruneKey(trx, key, now - Math.max(...limits.map((l) => l.windowMs)));
      }
      return { allowed: true as const };
    },
  );
}

/** hitLimits, throwing 429 `{ code: 'TOO_MANY_REQUESTS', message }` with Retry-After when refused. */
export async function enforceLimits(db: Db, keys: readonly LimitedKey[], now: number): Promise<void> {
  const result = await hitLimits(db, keys, now);
  if (!result.allowed) throw new Refusal('tooMany', { retryAfter: result.retryAfterSeconds });
}

export const seconds = (n: number): number => n * 1000;
export const minutes = (n: number): number => n * 60_000;
export const hours = (n: number): number => n * 3_600_000;
