import { sql, type ExpressionBuilder, type Updateable } from 'kysely';
import { fieldsOf } from '@koza/domain/fields/registry';
import type { Db } from '../database.ts';
import { durableTransaction } from '../durable-transaction.ts';
import type { ApplicationReviewsTable, ApplicationsTable, Database, EpochMs } from '../schema.ts';

// SQL of the retention job (services/platform/retention.ts, docs/decisions/0093-retention.md) and of the
// job_runs claim that lets one instance at a time run it.

/**
 * Claims the run of `name` due at `now`: true for exactly one caller across instances (the
 * conditional UPDATE moves next_run_at forward; a second caller's condition no longer holds).
 */
export async function claimJobRun(db: Db, name: string, holder: string, now: EpochMs, nextRunAt: EpochMs): Promise<boolean> {
  await db.kysely
    .insertInto('jobRuns')
    .values({ name, nextRunAt: now, holder: null, lastStartedAt: null, lastFinishedAt: null, lastReport: null, lastSucceededAt: null, lastFailedAt: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const result = await db.kysely
    .updateTable('jobRuns')
    .set({ nextRunAt, holder, lastStartedAt: now })
    .where('name', '=', name)
    .where('nextRunAt', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordJobRun(db: Db, name: string, finishedAt: EpochMs, report: string): Promise<void> {
  await db.kysely
    .updateTable('jobRuns')
    .set({ lastFinishedAt: finishedAt, lastReport: report, lastSucceededAt: finishedAt })
    .where('name', '=', name)
    .execute();
}

/** Extends the run `holder` claimed to `nextRunAt`; false when it no longer holds it (another instance took it). */
export async function renewJobRun(db: Db, name: string, holder: string, nextRunAt: EpochMs): Promise<boolean> {
  const result = await db.kysely.updateTable('jobRuns').set({ nextRunAt }).where('name', '=', name).where('holder', '=', holder).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends the run `holder` claimed early: the job is due again at `nextRunAt`. */
export async function releaseJobRun(db: Db, name: string, holder: string, nextRunAt: EpochMs): Promise<void> {
  await db.kysely.updateTable('jobRuns').set({ nextRunAt }).where('name', '=', name).where('holder', '=', holder).execute();
}

/** Records a run `holder` finished well, due again at `finishedAt` (a job that paces itself by its ticks). */
export async function finishJobRun(db: Db, name: string, holder: string, finishedAt: EpochMs, report: string): Promise<void> {
  await db.kysely
    .updateTable('jobRuns')
    .set({ nextRunAt: finishedAt, lastFinishedAt: finishedAt, lastReport: report, lastSucceededAt: finishedAt })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}

/** Verification codes created before `before` (used, expired or not: a code lives minutes). */
export async function deleteVerificationCodesBefore(db: Db, before: EpochMs): Promise<number> {
  const result = await db.kysely.deleteFrom('verificationCodes').where('createdAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Sessions that ended before `before`: revoked then, idle since `before - idleMs`, or started
 * before `before - absoluteMs` (a session ends at the first of the three).
 */
export async function deleteSessionsEndedBefore(db: Db, before: EpochMs, limits: { idleMs: number; absoluteMs: number }): Promise<number> {
  const result = await db.kysely
    .deleteFrom('authSessions')
    .where((eb) =>
      eb.or([
        eb.and([eb('revokedAt', 'is not', null), eb('revokedAt', '<', before)]),
        eb('lastSeenAt', '<', before - limits.idleMs),
        eb('createdAt', '<', before - limits.absoluteMs),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteOutboxMailsBefore(db: Db, before: EpochMs): Promise<number> {
  const result = await db.kysely.deleteFrom('mailOutbox').where('createdAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes up to `limit` page views recorded before `before`, oldest first; answers how many. */
export async function deletePageViewsBefore(db: Db, before: EpochMs, limit: number): Promise<number> {
  const result = await db.kysely
    .deleteFrom('pageViews')
    .where('id', 'in', (eb) => eb.selectFrom('pageViews').select('id').where('createdAt', '<', before).orderBy('createdAt').limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ids of applications never completed and unchanged since before `before`, oldest first. */
export async function abandonedDraftIds(db: Db, before: EpochMs, limit: number): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('applications')
    .select('id')
    .where('completedAt', 'is', null)
    .where('updatedAt', '<', before)
    .orderBy('updatedAt')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Erases applications and everything that hangs on them, in one transaction: documents, eKYC
 * sessions (and the provider's webhook receipts about them), parents, sessions. Explicit deletes,
 * not only the foreign keys' cascades, so the result does not depend on a database setting.
 * Re-checks the condition, so an application saved meanwhile is kept.
 */
export async function eraseApplications(db: Db, ids: readonly string[], before: EpochMs): Promise<number> {
  if (ids.length === 0) return 0;
  return durableTransaction(db, async (trx) => {
    const due = (
      await trx.selectFrom('applications').select('id').where('id', 'in', ids).where('completedAt', 'is', null).where('updatedAt', '<', before).execute()
    ).map((r) => r.id);
    if (due.length === 0) return 0;
    const providerIds = (await trx.selectFrom('ekycSessions').select('providerSessionId').where('applicationId', 'in', due).execute()).map(
      (r) => r.providerSessionId,
    );
    if (providerIds.length > 0) await trx.deleteFrom('webhookReceipts').where('providerSessionId', 'in', providerIds).execute();
    await trx.deleteFrom('documents').where('applicationId', 'in', due).execute();
    await trx.deleteFrom('ekycSessions').where('applicationId', 'in', due).execute();
    await trx.deleteFrom('applicationParents').where('applicationId', 'in', due).execute();
    await trx.deleteFrom('authSessions').where('applicationId', 'in', due).execute();
    const result = await trx.deleteFrom('applications').where('id', 'in', due).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** When each kind of decided application's purpose ended before: its personal data is erased after. */
export interface DecidedBefore {
  /** Approved, not cancelled, handed over to the account system before this. */
  handedOver: EpochMs;
  /** Rejected before this. */
  rejected: EpochMs;
  /** Cancelled (after approval) before this. */
  cancelled: EpochMs;
}

const decidedAndDue = (before: DecidedBefore) => (eb: ExpressionBuilder<Database & { r: ApplicationReviewsTable; a: ApplicationsTable }, 'a' | 'r'>) =>
  eb.and([
    eb('a.personalDataErasedAt', 'is', null),
    // Not while its hand-over waits in the outbox (decision 0249): the erasure never leaves a copy there.
    eb.not(eb.exists(eb.selectFrom('handoverOutbox as h').select('h.seq').whereRef('h.applicationId', '=', 'a.id'))),
    eb.or([
      eb.and([
        eb('r.outcome', '=', 'APPROVED'),
        eb('r.cancelledAt', 'is', null),
        eb('r.handedOverAt', '<', before.handedOver),
        // An open cancellation proposal waits for its second person first: its case is not over.
        eb.not(
          eb.exists(
            eb
              .selectFrom('applicationCases as c')
              .select('c.applicationId')
              .whereRef('c.applicationId', '=', 'a.id')
              .where('c.cancelProposedBy', 'is not', null),
          ),
        ),
      ]),
      eb.and([eb('r.outcome', '=', 'REJECTED'), eb('r.decidedAt', '<', before.rejected)]),
      eb.and([eb('r.cancelledAt', 'is not', null), eb('r.cancelledAt', '<', before.cancelled)]),
    ]),
  ]);

/** Ids of decided applications whose personal data is due for erasure, oldest decision first. */
export async function decidedApplicationIdsDue(db: Db, before: DecidedBefore, limit: number): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('applications as a')
    .innerJoin('applicationReviews as r', 'r.applicationId', 'a.id')
    .select('a.id')
    .where(decidedAndDue(before))
    .orderBy('r.decidedAt')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The application's columns that outlive its purpose in the stub: the branch (with bank, type,
 * number, states and dates, which are not registry fields). Every other registry field is erased.
 */
const stubFields = new Set(['branchCode', 'branchName']);
const erasedColumns = fieldsOf('application')
  .map((f) => f.key)
  .filter((key) => !stubFields.has(key) && key !== 'mailAddress');

/**
 * Erases the personal data of decided applications in one transaction, leaving a stub: the
 * application's registry fields (but the branch), its mail address, device and extra answers, the
 * parent, documents, sessions, the provider's webhook receipts and its page link, and the staff's
 * free-text reasons in the review and the case history (their codes stay). The keyed mail hash stays,
 * so the status page still answers the applicant, and only them. Re-checks the condition.
 */
export async function eraseDecidedApplications(db: Db, ids: readonly string[], before: DecidedBefore, now: EpochMs): Promise<number> {
  if (ids.length === 0) return 0;
  return durableTransaction(db, async (trx) => {
    const due = (
      await trx
        .selectFrom('applications as a')
        .innerJoin('applicationReviews as r', 'r.applicationId', 'a.id')
        .select('a.id')
        .where('a.id', 'in', ids)
        .where(decidedAndDue(before))
        .execute()
    ).map((r) => r.id);
    if (due.length === 0) return 0;
    const providerIds = (await trx.selectFrom('ekycSessions').select('providerSessionId').where('applicationId', 'in', due).execute()).map(
      (r) => r.providerSessionId,
    );
    if (providerIds.length > 0) await trx.deleteFrom('webhookReceipts').where('providerSessionId', 'in', providerIds).execute();
    await trx.updateTable('ekycSessions').set({ url: '' }).where('applicationId', 'in', due).execute();
    await trx.deleteFrom('documents').where('applicationId', 'in', due).execute();
    await trx.deleteFrom('applicationParents').where('applicationId', 'in', due).execute();
    await trx.deleteFrom('authSessions').where('applicationId', 'in', due).execute();
    await trx.updateTable('applicationEvents').set({ reason: null }).where('applicationId', 'in', due).execute();
    await trx.updateTable('applicationReviews').set({ reason: null, cancelReason: null }).where('applicationId', 'in', due).execute();
    const result = await trx
      .updateTable('applications')
      .set({
        ...(Object.fromEntries(erasedColumns.map((key) => [key, null])) as Updateable<ApplicationsTable>),
        mailAddress: '',
        deviceId: null,
        extraJson: '{}',
        pinCiphertext: null,
        personalDataErasedAt: now,
      })
      .where('id', 'in', due)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
}

/**
 * The tables whose rows an erasure deletes or rewrites (eraseApplications, eraseDecidedApplications),
 * and the hand-over outbox, whose rows the exporter deletes once written (decision 0249): by the time an
 * approved application is erased, no dead copy of its hand-over is left in the outbox's pages either.
 */
const erasedTables = [
  'applications',
  'application_parents',
  'documents',
  'auth_sessions',
  'ekyc_sessions',
  'webhook_receipts',
  'application_events',
  'application_reviews',
  'handover_outbox',
  'handover_outbox_images',
] as const;

/**
 * After an erasure, the erased bytes leave the database's files too (issue 42, decision 0239 amendment):
 * SQLite runs with `secure_delete` (db/node-sqlite.ts), so the pages an erasure rewrote hold zeros
 * where the values were; the old page images still in the write-ahead log are then checkpointed into
 * the file and the log truncated to nothing. A reader of another process that holds an old snapshot
 * keeps the checkpoint from finishing: false then, and the next run (or the next erasure) does it.
 * PostgreSQL keeps deleted and updated rows as dead tuples until vacuum: the erased tables are
 * vacuumed (outside any transaction; the space is reusable at once, and the dead tuples are gone
 * from the tables' pages). What the database's own log and the backups hold ages out on their own
 * schedule (README "Retention of personal data").
 */
export async function reclaimErasedSpace(db: Db): Promise<boolean> {
  if (db.dialect === 'sqlite') {
    const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(truncate)`.execute(db.kysely);
    return (rows[0]?.busy ?? 0) === 0;
  }
  await sql`vacuum ${sql.join(erasedTables.map((t) => sql.table(t)))}`.execute(db.kysely);
  return true;
}
