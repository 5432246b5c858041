import type { z } from 'zod';
import { adminMessages } from '@koza/domain/admin/messages';
import type { maintenanceBodySchema, noticeBodySchema, AnnouncementState, MaintenanceItem, NoticeItem } from '@koza/domain/api/admin-announcements';
import type { Db } from '../../db/database.ts';
import { durableTransaction } from '../../db/durable-transaction.ts';
import {
  findMaintenanceOfBank,
  findNoticeOfBank,
  insertMaintenance,
  insertNotice,
  listMaintenanceOfBank,
  listNoticesOfBank,
  updateMaintenance,
  updateNotice,
} from '../../db/repositories/notices-repository.ts';
import type { MaintenanceRow, NoticeRow } from '../../db/repositories/notices-repository.ts';
import type { Executor } from '../../db/executor.ts';
import { FieldValidationError, Refusal } from '../platform/refusals.ts';
import { toJapanIso } from '../platform/japan-iso-time.ts';
import { audit } from './audit.ts';
import type { Actor } from './audit.ts';

// Maintenance windows and notices managed by staff (docs/decisions/0161-maintenance-and-notices-by-staff.md).
// Staff change the rows of their own bank only; rows for every bank (seeded from data/files) are
// shown but not editable here. Every change and its audit line are one transaction. GET
// /api/maintenance and /api/notifications read the same rows on every call, so a change is in
// effect on every instance at once.

type MaintenanceInput = z.output<typeof maintenanceBodySchema>;
type NoticeInput = z.output<typeof noticeBodySchema>;

const stateAt = (startedAt: number, endedAt: number | null, now: number): AnnouncementState =>
  now < startedAt ? 'SCHEDULED' : endedAt === null || now < endedAt ? 'ACTIVE' : 'ENDED';

const period = (startedAt: number, endedAt: number | null) =>
  `${toJapanIso(startedAt).slice(0, 16)}〜${endedAt === null ? '' : toJapanIso(endedAt).slice(0, 16)}`;

function refuseEndInPast(endedAt: number | null, now: number) {
  if (endedAt !== null && endedAt <= now) throw new FieldValidationError([{ field: 'endedAt', message: adminMessages.endInPast }]);
}

// ---- maintenance ----

function maintenanceItem(row: MaintenanceRow, bankCode: string, now: number): MaintenanceItem {
  const state = stateAt(row.startedAt, row.endedAt, now);
  return {
    id: Number(row.id),
    bankCode: row.bankCode,
    startedAt: toJapanIso(row.startedAt),
    endedAt: toJapanIso(row.endedAt),
    reason: row.reason,
    state,
    editable: row.bankCode === bankCode && state !== 'ENDED',
    updatedBy: row.updatedBy,
  };
}

export async function listMaintenance(db: Db, bankCode: string, now: number): Promise<MaintenanceItem[]> {
  return (await listMaintenanceOfBank(db, bankCode)).map((row) => maintenanceItem(row, bankCode, now));
}

export async function createMaintenance(db: Db, actor: Actor, input: MaintenanceInput, now: number): Promise<number> {
  refuseEndInPast(input.endedAt, now);
  return durableTransaction(db, async (trx) => {
    const id = await insertMaintenance(trx, { bankCode: actor.bankCode, ...input, updatedAt: now, updatedBy: actor.loginId });
    await audit(trx, actor, 'CREATE_MAINTENANCE', now, { detail: `#${id} ${period(input.startedAt, input.endedAt)}` });
    return id;
  });
}

async function ownOpenWindow(trx: Executor, actor: Actor, id: number, now: number): Promise<MaintenanceRow> {
  const row = await findMaintenanceOfBank(trx, actor.bankCode, id);
  if (!row) throw new Refusal('notFound', { message: adminMessages.maintenanceNotFound });
  if (row.endedAt <= now) throw new Refusal('conflict', { message: adminMessages.maintenanceEnded });
  return row;
}

export async function editMaintenance(db: Db, actor: Actor, id: number, input: MaintenanceInput, now: number): Promise<void> {
  await durableTransaction(db, async (trx) => {
    await ownOpenWindow(trx, actor, id, now);
    refuseEndInPast(input.endedAt, now);
    await updateMaintenance(trx, id, { ...input, updatedAt: now, updatedBy: actor.loginId });
    await audit(trx, actor, 'UPDATE_MAINTENANCE', now, { detail: `#${id} ${period(input.startedAt, input.endedAt)}` });
  });
}

/** Ends a window in effect now; a window that has not started yet is called off (it never takes effect). */
export async function endMaintenance(db: Db, actor: Actor, id: number, now: number): Promise<void> {
  await durableTransaction(db, async (trx) => {
    const row = await ownOpenWindow(trx, actor, id, now);
    const endedAt = row.startedAt > now ? row.startedAt : now;
    await updateMaintenance(trx, id, { startedAt: row.startedAt, endedAt, updatedAt: now, updatedBy: actor.loginId });
    await audit(trx, actor, 'END_MAINTENANCE', now, { detail: `#${id} ${period(row.startedAt, endedAt)}` });
  });
}

// ---- notices ----

function noticeItem(row: NoticeRow, bankCode: string, now: number): NoticeItem {
  return {
    id: Number(row.id),
    bankCode: row.bankCode,
    channel: row.channel,
    contents: row.contents,
    displayOrder: Number(row.displayOrder),
    startedAt: toJapanIso(row.startedAt),
    endedAt: row.endedAt === null ? null : toJapanIso(row.endedAt),
    state: stateAt(row.startedAt, row.endedAt, now),
    editable: row.bankCode === bankCode,
    updatedBy: row.updatedBy,
  };
}

export async function listNotices(db: Db, bankCode: string, now: number): Promise<NoticeItem[]> {
  return (await listNoticesOfBank(db, bankCode)).map((row) => noticeItem(row, bankCode, now));
}

const noticeDetail = (id: number, n: NoticeInput) =>
  `#${id} ${n.channel === null ? '銀行' : `channel=${n.channel}`} 順${n.displayOrder} ${period(n.startedAt, n.endedAt)} ${n.contents.slice(0, 40)}`;

export async function createNotice(db: Db, actor: Actor, input: NoticeInput, now: number): Promise<number> {
  refuseEndInPast(input.endedAt, now);
  return durableTransaction(db, async (trx) => {
    const id = await insertNotice(trx, actor.bankCode, { ...input, updatedAt: now, updatedBy: actor.loginId });
    await audit(trx, actor, 'CREATE_NOTICE', now, { detail: noticeDetail(id, input) });
    return id;
  });
}

/** Any notice of the bank may change, an ended one too (published again by a later end). */
export async function editNotice(db: Db, actor: Actor, id: number, input: NoticeInput, now: number): Promise<void> {
  await durableTransaction(db, async (trx) => {
    if (!(await findNoticeOfBank(trx, actor.bankCode, id))) throw new Refusal('notFound', { message: adminMessages.noticeNotFound });
    await updateNotice(trx, id, { ...input, updatedAt: now, updatedBy: actor.loginId });
    await audit(trx, actor, 'UPDATE_NOTICE', now, { detail: noticeDetail(id, input) });
  });
}
