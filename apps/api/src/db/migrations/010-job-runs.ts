import type { Kysely } from 'kysely';
import { epochMs } from './helpers.ts';

// 010: job_runs — one row per periodic job run inside the API (the retention job, issue 12,
// docs/decisions/0093-retention.md). Several instances tick; the one whose conditional UPDATE moves
// next_run_at forward does the run, the others find it already claimed. Works the same on SQLite
// (one writer) and PostgreSQL (row lock). Never edited once released.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_run_at', epochMs, (c) => c.notNull())
    .addColumn('holder', 'text')
    .addColumn('last_started_at', epochMs)
    .addColumn('last_finished_at', epochMs)
    /** What the last run did (counts only, JSON): no personal data. */
    .addColumn('last_report', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
}
