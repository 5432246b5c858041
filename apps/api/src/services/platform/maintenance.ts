import type { Db } from '../../db/database.ts';
import { findActiveMaintenance } from '../../db/repositories/notices-repository.ts';
import { toJapanIso } from './japan-iso-time.ts';

/** The maintenance window active now for the bank (its own or every bank's), in Japan time; null when none. */
export async function activeMaintenance(db: Db, bankCode: string, now: Date): Promise<{ startedAt: string; endedAt: string } | null> {
  const w = await findActiveMaintenance(db, bankCode, now.getTime());
  return w ? { startedAt: toJapanIso(w.startedAt), endedAt: toJapanIso(w.endedAt) } : null;
}

/**
 * The window an applicant's write meets now, with the seconds left until it ends; null when none.
 * Read from the database on every write (one indexed query): a window the staff start applies at
 * once on every instance.
 */
export async function maintenanceBlockingWrites(
  db: Db,
  bankCode: string,
  now: Date,
): Promise<{ startedAt: string; endedAt: string; secondsLeft: number } | null> {
  const w = await findActiveMaintenance(db, bankCode, now.getTime());
  if (!w) return null;
  return { startedAt: toJapanIso(w.startedAt), endedAt: toJapanIso(w.endedAt), secondsLeft: Math.max(1, Math.ceil((w.endedAt - now.getTime()) / 1000)) };
}
