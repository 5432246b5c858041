import type { Db } from '../database.ts';
import type { EpochMs } from '../schema.ts';

// Maintenance windows and notifications (data files and staff rows alike). Windows are
// [startedAt, endedAt): start inclusive, end exclusive; a notification without an end never ends.

export interface MaintenanceWindow {
  id: number;
  bankCode: string | null;
  startedAt: EpochMs;
  endedAt: EpochMs;
}

/** The active window for a bank (its own or one for every bank) that ends last, or null. */
export async function findActiveMaintenance(db: Db, bankCode: string, now: EpochMs): Promise<MaintenanceWindow | null> {
  const row = await db.kysely
    .selectFrom('maintenanceWindows')
    .select(['id', 'bankCode', 'startedAt', 'endedAt'])
    .where((eb) => eb.or([eb('bankCode', '=', bankCode), eb('bankCode', 'is', null)]))
    .where('startedAt', '<=', now)
    .where('endedAt', '>', now)
    .orderBy('endedAt', 'desc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** Development: windows are marked with this reason so that they can be removed again without touching others. */
export const devMaintenanceReason = '開発用（/__dev/maintenance）';

export async function insertDevMaintenance(db: Db, w: { bankCode: string | null; startedAt: EpochMs; endedAt: EpochMs }): Promise<number> {
  const row = await db.kysely
    .insertInto('maintenanceWindows')
    .values({ source: 'staff', sourceId: null, bankCode: w.bankCode, startedAt: w.startedAt, endedAt: w.endedAt, reason: devMaintenanceReason })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function deleteDevMaintenance(db: Db): Promise<number> {
  const result = await db.kysely
    .deleteFrom('maintenanceWindows')
    .where('source', '=', 'staff')
    .where('reason', '=', devMaintenanceReason)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Notices of a bank for everyone arriving without a channel: rows with that bank and no channel. */
export async function findBankNotices(db: Db, bankCode: string, now: EpochMs): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('notifications')
    .select('contents')
    .where('bankCode', '=', bankCode)
    .where('channel', 'is', null)
    .where('startedAt', '<=', now)
    .where((eb) => eb.or([eb('endedAt', 'is', null), eb('endedAt', '>', now)]))
    .orderBy('startedAt', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map((r) => r.contents);
}

/** Notices of a channel: rows of that channel for any bank, or for the bank the applicant is on. */
export async function findChannelNotices(db: Db, channel: string, bankCode: string, now: EpochMs): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('notifications')
    .select('contents')
    .where('channel', '=', channel)
    .where((eb) => eb.or([eb('bankCode', 'is', null), eb('bankCode', '=', bankCode)]))
    .where('startedAt', '<=', now)
    .where((eb) => eb.or([eb('endedAt', 'is', null), eb('endedAt', '>', now)]))
    .orderBy('startedAt', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map((r) => r.contents);
}
