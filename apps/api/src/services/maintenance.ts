import type { Db } from '../db/database.ts';
import { findActiveMaintenance } from '../db/repositories/notices-repository.ts';
import { toJapanIso } from './japan-time.ts';

/** The maintenance window active now for the bank (its own or every bank's), in Japan time; null when none. */
export async function activeMaintenance(db: Db, bankCode: string, now: Date): Promise<{ startedAt: string; endedAt: string } | null> {
  const w = await findActiveMaintenance(db, bankCode, now.getTime());
  return w ? { startedAt: toJapanIso(w.startedAt), endedAt: toJapanIso(w.endedAt) } : null;
}
