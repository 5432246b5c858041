import type { Selectable } from 'kysely';
import type { Db } from '../database.ts';
import type { AuditLogTable, EpochMs } from '../schema.ts';
import type { Executor } from './applications-repository.ts';

// The audit log: INSERT and SELECT only. There is deliberately no update or delete function here,
// and the database refuses both (triggers of migration 020).

export type AuditRow = Selectable<AuditLogTable>;

const executor = (db: Db | Executor): Executor => ('kysely' in db ? db.kysely : db);

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

export async function appendAudit(db: Db | Executor, entry: NewAuditEntry): Promise<void> {
  await executor(db).insertInto('auditLog').values(entry).execute();
}

/** Newest first, one bank. */
export async function listAudit(db: Db | Executor, bankCode: string, page: { limit: number; offset: number }): Promise<{ rows: AuditRow[]; total: number }> {
  const rows = await executor(db)
    .selectFrom('auditLog')
    .selectAll()
    .where('bankCode', '=', bankCode)
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await executor(db).selectFrom('auditLog').select((eb) => eb.fn.countAll<number>().as('n')).where('bankCode', '=', bankCode).executeTakeFirst();
  return { rows, total: Number(count?.n ?? 0) };
}

/** Every line of a bank, oldest first, in batches (CSV export). */
export async function* allAudit(db: Db | Executor, bankCode: string, batch = 1000): AsyncGenerator<AuditRow> {
  let after = 0;
  for (;;) {
    const rows = await executor(db).selectFrom('auditLog').selectAll().where('bankCode', '=', bankCode).where('id', '>', after).orderBy('id').limit(batch).execute();
    for (const row of rows) yield row;
    if (rows.length < batch) return;
    after = Number(rows[rows.length - 1]!.id);
  }
}
