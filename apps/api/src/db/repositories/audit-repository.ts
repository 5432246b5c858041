import { PostgresAdapter, sql } from 'kysely';
import type { Selectable } from 'kysely';
import { auditRowHash, chainGenesis } from '../audit-chain.ts';
import type { Db } from '../database.ts';
import type { AuditLogTable, EpochMs } from '../schema.ts';
import { executor, type Executor } from '../executor.ts';

// The audit log: INSERT and SELECT only. There is deliberately no update or delete function here,
// and the database refuses both (triggers of migration 020).

export type AuditRow = Selectable<AuditLogTable>;

export interface NewAuditEntry {
  at: EpochMs;
  bankCode: string;
  staffId: string | null;
  staffLoginId: string;
  action: string;
  applicationId: string | null;
  applicationNumber: string | null;
  detail: string | null;
  ipAddress: string;
  userAgent?: string | null;
}

/**
 * Appends a row to the hash chain (services/audit-chain.ts): the last row's hash is read and the new
 * row written under one lock, so two writers never chain to the same row (PostgreSQL: an advisory
 * transaction lock held to COMMIT; SQLite: one writer at a time). Inside the caller's transaction
 * when given one, so a change and its row stay one.
 */
/**
 * Appends a line to the chain. `unless` is asked under the chain's lock, in the same transaction:
 * when it finds the line already there, nothing is written (two requests at once write one line).
 */
export async function appendAudit(db: Db | Executor, entry: NewAuditEntry, unless?: (trx: Executor) => Promise<boolean>): Promise<void> {
  const target = executor(db);
  const write = async (trx: Executor) => {
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${auditChainLock})`.execute(trx);
    if (unless && (await unless(trx))) return;
    const last = await trx.selectFrom('auditLog').select('rowHash').orderBy('id', 'desc').limit(1).executeTakeFirst();
    const prevHash = last?.rowHash ?? chainGenesis;
    const row = { ...entry, userAgent: entry.userAgent ?? null };
    await trx
      .insertInto('auditLog')
      .values({ ...row, prevHash, rowHash: auditRowHash(prevHash, row) })
      .execute();
  };
  if (target.isTransaction) await write(target);
  else await target.transaction().execute(write);
}

/** A fixed advisory lock key of its own (the rate limits' locks hash their keys with seed 7177). */
const auditChainLock = 717_700_046;

const isPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Every row of the whole log in id order, in batches (npm run audit:verify). */
export async function* auditChainRows(db: Db, batch = 1000): AsyncGenerator<AuditRow> {
  let after = 0;
  for (;;) {
    const rows = await db.kysely.selectFrom('auditLog').selectAll().where('id', '>', after).orderBy('id').limit(batch).execute();
    for (const row of rows) yield row;
    if (rows.length < batch) return;
    after = Number(rows[rows.length - 1]!.id);
  }
}

/** What the audit log is filtered by: one bank always, the rest when given (times: epoch ms, end exclusive). */
export interface AuditFilter {
  bankCode: string;
  staffLoginId?: string;
  action?: string;
  atFrom?: EpochMs;
  atUntil?: EpochMs;
  applicationNumber?: string;
}

function filtered(db: Db | Executor, f: AuditFilter) {
  let query = executor(db).selectFrom('auditLog').where('bankCode', '=', f.bankCode);
  if (f.staffLoginId !== undefined) query = query.where('staffLoginId', '=', f.staffLoginId);
  if (f.action !== undefined) query = query.where('action', '=', f.action);
  if (f.atFrom !== undefined) query = query.where('at', '>=', f.atFrom);
  if (f.atUntil !== undefined) query = query.where('at', '<', f.atUntil);
  if (f.applicationNumber !== undefined) query = query.where('applicationNumber', '=', f.applicationNumber);
  return query;
}

/** Newest first, one bank, filtered. */
export async function listAudit(db: Db | Executor, filter: AuditFilter, page: { limit: number; offset: number }): Promise<{ rows: AuditRow[]; total: number }> {
  const rows = await filtered(db, filter).selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
  const count = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return { rows, total: Number(count?.n ?? 0) };
}

/**
 * Whether the member's session already has its row for this view of an application (the detail
 * screen's reloads within one view write one VIEW_APPLICATION row; decision 0221).
 */
export async function viewAlreadyAudited(db: Db | Executor, q: { applicationId: string; staffId: string; detail: string }): Promise<boolean> {
  const row = await executor(db)
    .selectFrom('auditLog')
    .select('id')
    .where('applicationId', '=', q.applicationId)
    .where('action', '=', 'VIEW_APPLICATION')
    .where('staffId', '=', q.staffId)
    .where('detail', '=', q.detail)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every line of a bank (filtered), oldest first, in batches (CSV export). */
export async function* allAudit(db: Db | Executor, filter: AuditFilter, batch = 1000): AsyncGenerator<AuditRow> {
  let after = 0;
  for (;;) {
    const rows = await filtered(db, filter).selectAll().where('id', '>', after).orderBy('id').limit(batch).execute();
    for (const row of rows) yield row;
    if (rows.length < batch) return;
    after = Number(rows[rows.length - 1]!.id);
  }
}
