import type { Kysely } from 'kysely';
import { epochMs } from './helpers.ts';

// 066 (issue 36, docs/decisions/0222-job-outcomes-in-the-database.md): job_runs also keeps when a job
// last SUCCEEDED and when it last FAILED, for jobs run inside the API (retention) and for the command
// line jobs run by cron on one host (`npm run backup`, `npm run audit:verify`): every API instance reads
// the row and exports it as a Prometheus gauge, so an alert sees a backup taken anywhere. Never edited
// once released.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_runs').addColumn('last_succeeded_at', epochMs).execute();
  await db.schema.alterTable('job_runs').addColumn('last_failed_at', epochMs).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_runs').dropColumn('last_failed_at').execute();
  await db.schema.alterTable('job_runs').dropColumn('last_succeeded_at').execute();
}
