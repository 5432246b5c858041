import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { epochMs, isPostgres } from './helpers.ts';

// 071 (issue 41, docs/decisions/0249-handover-outbox.md): the hand-over leaves through the database.
// The approval's transaction writes the application's account line, its verification record rows and
// the provider's images into `handover_outbox` / `handover_outbox_images`, formatted as the approving
// release formats them (decision 0243); one exporter (job_runs, every instance ticks, one runs) writes
// the bank's files from them in `seq` order and deletes them once written and fsynced.
// `handover_sequence` hands out `seq` under a row lock taken just before the approval commits, so the
// order of `seq` is the order of the commits: a reader that sees an entry sees every earlier one.
// Never edited once released.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('handover_sequence')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('last_seq', epochMs, (c) => c.notNull())
    .execute();
  await sql`insert into handover_sequence (id, last_seq) values (1, 0)`.execute(db);

  await db.schema
    .createTable('handover_outbox')
    .addColumn('seq', epochMs, (c) => c.primaryKey())
    .addColumn('application_id', 'text', (c) => c.notNull().unique().references('applications.id'))
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('application_number', 'text', (c) => c.notNull())
    .addColumn('approved_at', epochMs, (c) => c.notNull())
    /** The account file's format version, its header line and the application's line (CRLF-terminated). */
    .addColumn('account_version', 'integer', (c) => c.notNull())
    .addColumn('account_header', 'text', (c) => c.notNull())
    .addColumn('account_line', 'text', (c) => c.notNull())
    /** The verification record file's version, header and the application's rows. */
    .addColumn('record_version', 'integer', (c) => c.notNull())
    .addColumn('record_header', 'text', (c) => c.notNull())
    .addColumn('record_lines', 'text', (c) => c.notNull())
    /** The exporter (HANDOVER_EXPORTER_ID) that began writing the entry, and when: only it completes it. */
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_at', epochMs)
    .execute();

  await db.schema
    .createTable('handover_outbox_images')
    .addColumn('seq', epochMs, (c) => c.notNull().references('handover_outbox.seq').onDelete('cascade'))
    /** The image's path under the bank's `kyc` folder: `<application number>/<person>-<kind>.<ext>`. */
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('bytes', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('handover_outbox_images_pk', ['seq', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('handover_outbox_images').execute();
  await db.schema.dropTable('handover_outbox').execute();
  await db.schema.dropTable('handover_sequence').execute();
}
