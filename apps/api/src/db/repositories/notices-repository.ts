import type { Selectable } from 'kysely';
import type { Db } from '../database.ts';
import type { EpochMs, MaintenanceWindowsTable, NotificationsTable } from '../schema.ts';
import { executor, type Executor } from '../executor.ts';
import { prepared } from '../prepared.ts';

// Maintenance windows and notifications (data files and staff rows alike). Windows are
// [startedAt, endedAt): start inclusive, end exclusive; a notification without an end never ends.

export interface MaintenanceWindow {
  id: number;
  bankCode: string | null;
  startedAt: EpochMs;
  endedAt: EpochMs;
}

// Asked before every applicant write (services/platform/maintenance.ts): built once (decision 0178).
const activeMaintenance = prepared((k, arg) =>
  k
    .selectFrom('maintenanceWindows')
    .select(['id', 'bankCode', 'startedAt', 'endedAt'])
    .where((eb) => eb.or([eb('bankCode', '=', arg(0)), eb('bankCode', 'is', null)]))
    .where('startedAt', '<=', arg(1) as unknown as EpochMs)
    .where('endedAt', '>', arg(1) as unknown as EpochMs)
    .orderBy('endedAt', 'desc')
    .orderBy('id', 'asc')
    .limit(1),
);

/** The active window for a bank (its own or one for every bank) that ends last, or null. */
export async function findActiveMaintenance(db: Db, bankCode: string, now: EpochMs): Promise<MaintenanceWindow | null> {
  return (await activeMaintenance(db.kysely, [bankCode, now])).rows[0] ?? null;
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
  const result = await db.kysely.deleteFrom('maintenanceWindows').where('source', '=', 'staff').where('reason', '=', devMaintenanceReason).executeTakeFirst();
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
    .orderBy('displayOrder', 'asc')
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
    .orderBy('displayOrder', 'asc')
    .orderBy('startedAt', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map((r) => r.contents);
}

// ---- the back office (docs/decisions/0161-maintenance-and-notices-by-staff.md) ----

export type MaintenanceRow = Selectable<MaintenanceWindowsTable>;
export type NoticeRow = Selectable<NotificationsTable>;

/** A bank's windows and those of every bank, latest start first (both tables stay small). */
export async function listMaintenanceOfBank(db: Db, bankCode: string): Promise<MaintenanceRow[]> {
  return db.kysely
    .selectFrom('maintenanceWindows')
    .selectAll()
    .where((eb) => eb.or([eb('bankCode', '=', bankCode), eb('bankCode', 'is', null)]))
    .orderBy('startedAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One window of the bank itself (not one for every bank), or undefined. */
export async function findMaintenanceOfBank(db: Db | Executor, bankCode: string, id: number): Promise<MaintenanceRow | undefined> {
  return executor(db).selectFrom('maintenanceWindows').selectAll().where('id', '=', id).where('bankCode', '=', bankCode).executeTakeFirst();
}

export async function insertMaintenance(
  db: Db | Executor,
  w: { bankCode: string; startedAt: EpochMs; endedAt: EpochMs; reason: string | null; updatedAt: EpochMs; updatedBy: string },
): Promise<number> {
  const row = await executor(db)
    .insertInto('maintenanceWindows')
    .values({ source: 'staff', sourceId: null, ...w })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateMaintenance(
  db: Db | Executor,
  id: number,
  w: { startedAt: EpochMs; endedAt: EpochMs; reason?: string | null; updatedAt: EpochMs; updatedBy: string },
): Promise<void> {
  await executor(db).updateTable('maintenanceWindows').set(w).where('id', '=', id).execute();
}

/** A bank's notices (with or without a channel) and the channel notices of every bank, newest first. */
export async function listNoticesOfBank(db: Db, bankCode: string): Promise<NoticeRow[]> {
  return db.kysely
    .selectFrom('notifications')
    .selectAll()
    .where((eb) => eb.or([eb('bankCode', '=', bankCode), eb('bankCode', 'is', null)]))
    .orderBy('startedAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findNoticeOfBank(db: Db | Executor, bankCode: string, id: number): Promise<NoticeRow | undefined> {
  return executor(db).selectFrom('notifications').selectAll().where('id', '=', id).where('bankCode', '=', bankCode).executeTakeFirst();
}

export interface NoticeValues {
  channel: string | null;
  contents: string;
  displayOrder: number;
  startedAt: EpochMs;
  endedAt: EpochMs | null;
  updatedAt: EpochMs;
  updatedBy: string;
}

export async function insertNotice(db: Db | Executor, bankCode: string, n: NoticeValues): Promise<number> {
  const row = await executor(db)
    .insertInto('notifications')
    .values({ source: 'staff', sourceId: null, bankCode, ...n })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateNotice(db: Db | Executor, id: number, n: NoticeValues): Promise<void> {
  await executor(db).updateTable('notifications').set(n).where('id', '=', id).execute();
}
