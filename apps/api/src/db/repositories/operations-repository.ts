import type { Db } from '../database.ts';
import type { EpochMs } from '../schema.ts';

// What the Prometheus metrics read from the database when scraped (plugins/metrics.ts,
// docs/decisions/0222-job-outcomes-in-the-database.md): the outcome of every job, whichever process ran
// it, and the applications per bank and status. Counts and times only.

export type JobOutcome = 'succeeded' | 'failed';

/**
 * Records the end of a run of `name` (a command-line job such as the backup, or a job of the API):
 * creates the job's row when it has none. `report` is counts only (JSON), never personal data.
 */
export async function recordJobOutcome(db: Db, name: string, outcome: JobOutcome, at: EpochMs, report: string | null = null): Promise<void> {
  const times = outcome === 'succeeded' ? { lastSucceededAt: at } : { lastFailedAt: at };
  await db.kysely
    .insertInto('jobRuns')
    .values({
      name,
      nextRunAt: at,
      holder: null,
      lastStartedAt: null,
      lastFinishedAt: at,
      lastReport: report,
      lastSucceededAt: null,
      lastFailedAt: null,
      ...times,
    })
    .onConflict((oc) => oc.column('name').doUpdateSet({ lastFinishedAt: at, lastReport: report, ...times }))
    .execute();
}

export async function jobOutcomes(db: Db): Promise<{ name: string; lastSucceededAt: EpochMs | null; lastFailedAt: EpochMs | null }[]> {
  return db.kysely.selectFrom('jobRuns').select(['name', 'lastSucceededAt', 'lastFailedAt']).execute();
}

export async function applicationCounts(db: Db): Promise<{ bankCode: string; status: string; n: number }[]> {
  const rows = await db.kysely
    .selectFrom('applications')
    .select((eb) => ['bankCode', 'status', eb.fn.countAll<number | string>().as('n')])
    .groupBy(['bankCode', 'status'])
    .execute();
  return rows.map((r) => ({ bankCode: r.bankCode, status: r.status, n: Number(r.n) }));
}
