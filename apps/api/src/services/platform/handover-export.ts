import { randomUUID } from 'node:crypto';
import type { Clock } from '../../adapters/clock.ts';
import type { AccountSystemHandover } from '../../adapters/handover.ts';
import type { Db } from '../../db/database.ts';
import { claimOutboxEntries, hasOutboxWork, markExported, outboxImages } from '../../db/repositories/handover-outbox-repository.ts';
import { recordJobOutcome } from '../../db/repositories/operations-repository.ts';
import { claimJobRun, finishJobRun, releaseJobRun, renewJobRun } from '../../db/repositories/retention-repository.ts';
import { startTickingJob, type TickingJob } from './ticking-job.ts';

// The exporter of the hand-over (docs/decisions/0249-handover-outbox.md). Approval stores each
// application's hand-over in the database (handover_outbox); this job writes the bank's files from it
// in approval order, through the adapter (default: the files of decision 0243 under HANDOVER_DIR of
// the host that runs it), and deletes what it wrote. Every instance ticks; the job_runs claim lets one
// at a time run, under a lease it renews after each batch. Exactly once:
// - an entry is claimed by this exporter (HANDOVER_EXPORTER_ID) in the database before it is written,
//   so no other exporter ever writes it;
// - a crash after the write and before the delete leaves the entry claimed: the next run of the same
//   exporter (the restarted instance, at its start) writes it again, and the adapter finds its lines
//   in the day's files and writes nothing twice (a line cut short by a crash is completed).

export const handoverExportJobName = 'handover-export';
/** Entries claimed and written per batch (their images are read one entry at a time). */
const batchSize = 50;
/** How long a run may hold the job before another instance may take it; renewed after every batch. */
export const handoverExportLeaseMs = 30_000;

export interface HandoverExportDeps {
  db: Db;
  clock: Clock;
  handover: AccountSystemHandover;
  /** Who claims entries: stable across restarts of one host and folder (config.handoverExport.exporterId). */
  exporterId: string;
}

export interface HandoverExportReport {
  exported: number;
}

/**
 * One run, when this instance gets the job: writes every entry it may, oldest first, in batches.
 * Null when another instance holds the job. `holder`: this process (a new one each start).
 */
export async function exportHandovers(deps: HandoverExportDeps, holder: string = randomUUID()): Promise<HandoverExportReport | null> {
  const { db, clock } = deps;
  // Nothing to write (most ticks): no write to the database at all.
  if (!(await hasOutboxWork(db, deps.exporterId))) return { exported: 0 };
  const start = clock.now().getTime();
  if (!(await claimJobRun(db, handoverExportJobName, holder, start, start + handoverExportLeaseMs))) return null;
  let exported = 0;
  try {
    for (;;) {
      const entries = await claimOutboxEntries(db, deps.exporterId, clock.now().getTime(), batchSize);
      const written: { seq: number; applicationId: string; reference: string }[] = [];
      try {
        for (const { seq, applicationId, entry } of entries) {
          const images = await outboxImages(db, seq);
          const { reference } = await deps.handover.handOver({ ...entry, verification: { ...entry.verification, images } });
          written.push({ seq, applicationId, reference });
        }
      } finally {
        // What was written is marked even when a later entry failed: it is not written again.
        await markExported(db, deps.exporterId, written, clock.now().getTime());
        exported += written.length;
      }
      if (entries.length < batchSize) break;
      const now = clock.now().getTime();
      if (!(await renewJobRun(db, handoverExportJobName, holder, now + handoverExportLeaseMs))) break;
    }
  } catch (error) {
    await recordJobOutcome(db, handoverExportJobName, 'failed', clock.now().getTime()).catch(() => undefined);
    await releaseJobRun(db, handoverExportJobName, holder, clock.now().getTime()).catch(() => undefined);
    throw error;
  }
  const report = { exported };
  // Due again at once: the next tick of any instance runs it.
  await finishJobRun(db, handoverExportJobName, holder, clock.now().getTime(), JSON.stringify(report));
  return report;
}

/**
 * Runs at start and every `intervalMs` (HANDOVER_EXPORT_INTERVAL_MS): an approval on any instance is
 * in the files within about that time. A failure is logged and retried at the next tick; it never
 * stops the API (the outbox keeps the entries; the alert sees their age).
 */
export function startHandoverExporter(
  deps: HandoverExportDeps,
  intervalMs: number,
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void },
): TickingJob {
  const holder = randomUUID();
  return startTickingJob(
    () => exportHandovers(deps, holder),
    { firstAfterMs: 0, everyMs: intervalMs },
    {
      result: (report) => {
        if (report && report.exported > 0) log.info({ handoverExport: report }, 'hand-over: exported');
      },
      error: (error) => log.error({ err: error }, 'hand-over export failed'),
    },
  );
}
