import { randomUUID } from 'node:crypto';
import type { Clock } from '../../adapters/clock.ts';
import type { RetentionPolicy } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import {
  abandonedDraftIds,
  claimJobRun,
  deleteOutboxMailsBefore,
  decidedApplicationIdsDue,
  deletePageViewsBefore,
  deleteSessionsEndedBefore,
  deleteVerificationCodesBefore,
  eraseApplications,
  eraseDecidedApplications,
  reclaimErasedSpace,
  recordJobRun,
} from '../../db/repositories/retention-repository.ts';
import { recordJobOutcome } from '../../db/repositories/operations-repository.ts';
import { absoluteLimitMs, idleLimitMs } from './sessions.ts';
import { startTickingJob, type TickingJob } from './ticking-job.ts';

// Personal data is kept no longer than needed (APPI art. 22; issue 12, docs/decisions/0093-retention.md):
//   verification codes        — a day after they were created (they live minutes; the row holds the mail address)
//   sessions                  — a day after they ended (revoked, idle or past their absolute limit)
//   the development outbox    — 7 days after the mail was written (whole mails: address and code)
//   drafts never completed    — 30 days after their last change, with their documents, eKYC
//                               sessions, parents and sessions
//   raw page views            — 90 days after they were recorded (a device id each); the funnel
//                               reads the daily roll-up, which holds counts only and stays
//   decided applications      — personal data and documents erased 90 days after the hand-over
//                               (approved), 180 after a rejection, 90 after a cancellation, leaving
//                               a stub (number, bank, flow, branch, states, dates; decision 0239):
//                               the bank's own systems hold the account and the records the law
//                               asks it to keep
// Completed applications not yet decided are the bank's open cases and are not touched here.
// The job runs inside every API instance; job_runs lets one of them do each run.

export const retentionJobName = 'retention';
/** Applications erased per transaction: a backlog is worked off in short transactions. */
const eraseBatch = 200;
/** Page views deleted per statement: a year of them is worked off without one long lock. */
const pageViewBatch = 10_000;

export interface RetentionReport {
  verificationCodes: number;
  sessions: number;
  outboxMails: number;
  applications: number;
  decidedApplications: number;
  pageViews: number;
  /** Whether the erased bytes left the database's files (false: none were erased, or a reader held the SQLite log; the next run does it). */
  spaceReclaimed: boolean;
}

/** One run: deletes what is due at `clock.now()` under `policy`, and nothing else. */
export async function runRetention(db: Db, clock: Clock, policy: RetentionPolicy): Promise<RetentionReport> {
  const now = clock.now().getTime();
  const verificationCodes = await deleteVerificationCodesBefore(db, now - policy.verificationCodesMs);
  const sessions = await deleteSessionsEndedBefore(db, now - policy.expiredSessionsMs, { idleMs: idleLimitMs, absoluteMs: absoluteLimitMs });
  const outboxMails = await deleteOutboxMailsBefore(db, now - policy.mailOutboxMs);
  const draftsBefore = now - policy.abandonedDraftsMs;
  let applications = 0;
  for (;;) {
    const ids = await abandonedDraftIds(db, draftsBefore, eraseBatch);
    if (ids.length === 0) break;
    const erased = await eraseApplications(db, ids, draftsBefore);
    applications += erased;
    if (ids.length < eraseBatch || erased === 0) break;
  }
  const decidedBefore = { handedOver: now - policy.handedOverMs, rejected: now - policy.rejectedMs, cancelled: now - policy.cancelledMs };
  let decidedApplications = 0;
  for (;;) {
    const ids = await decidedApplicationIdsDue(db, decidedBefore, eraseBatch);
    if (ids.length === 0) break;
    const erased = await eraseDecidedApplications(db, ids, decidedBefore, now);
    decidedApplications += erased;
    if (ids.length < eraseBatch || erased === 0) break;
  }
  let pageViews = 0;
  for (;;) {
    const deleted = await deletePageViewsBefore(db, now - policy.pageViewsMs, pageViewBatch);
    pageViews += deleted;
    if (deleted < pageViewBatch) break;
  }
  // The erased values leave the files too, not only the tables (decision 0239 amendment).
  const spaceReclaimed = applications + decidedApplications > 0 && (await reclaimErasedSpace(db));
  return { verificationCodes, sessions, outboxMails, applications, decidedApplications, pageViews, spaceReclaimed };
}

/** Runs when this instance claims the run that is due; null when another instance has it (or it is not due). */
export async function runRetentionIfDue(db: Db, clock: Clock, policy: RetentionPolicy, holder: string): Promise<RetentionReport | null> {
  const now = clock.now().getTime();
  if (!(await claimJobRun(db, retentionJobName, holder, now, now + policy.intervalMs))) return null;
  let report: RetentionReport;
  try {
    report = await runRetention(db, clock, policy);
  } catch (error) {
    // Kept for the metrics (koza_job_last_failure_timestamp_seconds); when the database itself is
    // gone this cannot be written either, and the missing success is what the alert sees.
    await recordJobOutcome(db, retentionJobName, 'failed', clock.now().getTime()).catch(() => undefined);
    throw error;
  }
  await recordJobRun(db, retentionJobName, clock.now().getTime(), JSON.stringify(report));
  return report;
}

/**
 * Ticks every `policy.intervalMs` (capped at 5 minutes, so a restarted instance does not wait long)
 * and runs when due. A failure is logged and retried at the next tick; it never stops the API.
 */
export function startRetentionJob(
  db: Db,
  clock: Clock,
  policy: RetentionPolicy,
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void },
): TickingJob {
  const holder = randomUUID();
  return startTickingJob(
    () => runRetentionIfDue(db, clock, policy, holder),
    { firstAfterMs: 1000, everyMs: Math.min(policy.intervalMs, 5 * 60_000) },
    {
      result: (report) => {
        if (report) log.info({ retention: report }, 'retention: removed what was due');
      },
      error: (error) => log.error({ err: error }, 'retention run failed'),
    },
  );
}
