import type { ApplicationType, BankCode } from '@koza/domain/constants';
import { sql } from 'kysely';
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Db } from '../database.ts';
import type { ApplicationCasesTable, ApplicationReviewsTable, ApplicationsTable, Database, EpochMs } from '../schema.ts';
import type { ApplicationRow } from './applications-repository.ts';
import { executor, type Executor } from '../executor.ts';

// The staff side's SQL on applications (search, one bank's application) and application_reviews
// (decisions, hand-over, cancel). State changes are conditional updates, as in applications-repository.

export type ReviewRow = Selectable<ApplicationReviewsTable>;

export interface ApplicationSearch {
  bankCode: BankCode;
  status?: 'COMPLETED' | 'APPROVED' | 'REJECTED' | 'CANCELLED';
  applicationType?: ApplicationType;
  completedFrom?: EpochMs;
  /** Exclusive. */
  completedUntil?: EpochMs;
  applicationNumber?: string;
  /** Normalised half-width katakana without spaces. */
  kanaName?: string;
  branchCode?: string;
  /** Only cases completed before this instant (the age filter). */
  completedBefore?: EpochMs;
  /** The queue view, for this member. */
  view?: { kind: 'mine' | 'unassigned' | 'second'; staffId: string };
  sort?: { key: 'completedAt' | 'age' | 'applicationNumber' | 'kanaName' | 'status' | 'branch'; order: 'asc' | 'desc' };
}

export interface ApplicationListRow {
  id: string;
  applicationNumber: string | null;
  applicationType: ApplicationType;
  status: string;
  lastName: string | null;
  firstName: string | null;
  kanaLastName: string | null;
  kanaFirstName: string | null;
  branchName: string | null;
  branchCode: string | null;
  completedAt: EpochMs | null;
  cancelledAt: EpochMs | null;
  assignee: string | null;
  proposedBy: string | null;
  cancelProposedBy: string | null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The matching applications of one bank, on the applications table alone: every condition on a
 * related table is a subquery (EXISTS / IN), so counting a view of 100,000 applications reads no
 * other table row by row (issue 24's bench, scripts/bench/queue.ts).
 */
function searchQuery(db: Db | Executor, q: ApplicationSearch) {
  let query = executor(db)
    .selectFrom('applications as a')
    .where('a.bankCode', '=', q.bankCode)
    // Staff see applications once they are completed (DECISIONS.md §8: "reach banker processing").
    .where('a.completedAt', 'is not', null);
  const cancelled = (eb: ExpressionBuilder<Database & { a: ApplicationsTable }, 'a'>) =>
    eb.exists(
      eb.selectFrom('applicationReviews as r').select('r.applicationId').whereRef('r.applicationId', '=', 'a.id').where('r.cancelledAt', 'is not', null),
    );
  // CANCELLED is an approved application with a cancel; only APPROVED can be cancelled.
  if (q.status === 'CANCELLED') query = query.where('a.status', '=', 'APPROVED').where((eb) => cancelled(eb));
  else if (q.status === 'APPROVED') query = query.where('a.status', '=', 'APPROVED').where((eb) => eb.not(cancelled(eb)));
  else if (q.status !== undefined) query = query.where('a.status', '=', q.status);
  if (q.applicationType !== undefined) query = query.where('a.applicationType', '=', q.applicationType);
  if (q.completedFrom !== undefined) query = query.where('a.completedAt', '>=', q.completedFrom);
  if (q.completedUntil !== undefined) query = query.where('a.completedAt', '<', q.completedUntil);
  if (q.applicationNumber !== undefined) query = query.where('a.applicationNumber', 'like', `%${escapeLike(q.applicationNumber)}%`);
  if (q.branchCode !== undefined) query = query.where('a.branchCode', '=', q.branchCode);
  if (q.completedBefore !== undefined) query = query.where('a.completedAt', '<', q.completedBefore);
  const view = q.view;
  if (view !== undefined && view.kind === 'second') {
    // Waiting for a second member: an open approval proposal, or a cancellation proposal of an approved application.
    query = query.where((eb) =>
      eb.or([
        eb.and([
          eb('a.status', '=', 'COMPLETED'),
          eb('a.id', 'in', eb.selectFrom('applicationCases').select('applicationId').where('proposedBy', 'is not', null)),
        ]),
        eb.and([
          eb('a.status', '=', 'APPROVED'),
          eb('a.id', 'in', eb.selectFrom('applicationCases').select('applicationId').where('cancelProposedBy', 'is not', null)),
        ]),
      ]),
    );
  } else if (view !== undefined) {
    query = query.where('a.status', '=', 'COMPLETED');
    if (view.kind === 'mine')
      query = query.where('a.id', 'in', (eb) => eb.selectFrom('applicationCases').select('applicationId').where('assignedTo', '=', view.staffId));
    if (view.kind === 'unassigned') {
      query = query.where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('applicationCases as c').select('c.applicationId').whereRef('c.applicationId', '=', 'a.id').where('c.assignedTo', 'is not', null),
          ),
        ),
      );
    }
  }
  if (q.kanaName !== undefined) {
    const pattern = `%${escapeLike(q.kanaName)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`coalesce(a.kana_last_name, '') || coalesce(a.kana_first_name, '')`, 'like', pattern),
        // A child application is found by the parent's kana too.
        eb.and([
          eb('a.applicationType', '=', 'CHILD'),
          eb.exists(
            eb
              .selectFrom('applicationParents as p')
              .select('p.applicationId')
              .whereRef('p.applicationId', '=', 'a.id')
              .where(sql`coalesce(p.kana_last_name, '') || coalesce(p.kana_first_name, '')`, 'like', pattern),
          ),
        ]),
      ]),
    );
  }
  return query;
}

const sortColumns = {
  completedAt: 'a.completedAt',
  age: 'a.completedAt',
  applicationNumber: 'a.applicationNumber',
  kanaName: 'a.kanaLastName',
  status: 'a.status',
  branch: 'a.branchCode',
} as const;

export async function searchApplications(
  db: Db | Executor,
  q: ApplicationSearch,
  page: { limit: number; offset: number },
): Promise<{ rows: ApplicationListRow[]; total: number }> {
  const sort = q.sort ?? { key: 'completedAt', order: 'desc' };
  // Age is the submission time the other way round (the oldest case has the greatest age).
  const order = sort.key === 'age' ? (sort.order === 'asc' ? 'desc' : 'asc') : sort.order;
  const column = sortColumns[sort.key];
  // The page's ids first (on the applications table and its indexes), then their related rows.
  const pageIds = searchQuery(db, q).select('a.id').orderBy(column, order).orderBy('a.id').limit(page.limit).offset(page.offset);
  const rows = await executor(db)
    .selectFrom('applications as a')
    .leftJoin('applicationReviews as r', 'r.applicationId', 'a.id')
    .leftJoin('applicationCases as c', 'c.applicationId', 'a.id')
    .leftJoin('staffUsers as s', 's.id', 'c.assignedTo')
    .select([
      'a.id',
      'a.applicationNumber',
      'a.applicationType',
      'a.status',
      'a.lastName',
      'a.firstName',
      'a.kanaLastName',
      'a.kanaFirstName',
      'a.branchName',
      'a.branchCode',
      'a.completedAt',
      'r.cancelledAt',
      's.displayName as assignee',
      'c.proposedBy',
      'c.cancelProposedBy',
    ])
    .where('a.id', 'in', pageIds)
    .orderBy(column, order)
    .orderBy('a.id')
    .execute();
  const count = await searchQuery(db, q)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return { rows, total: Number(count?.n ?? 0) };
}

/** The application of this bank with this id, or null (another bank's is null too: staff get 404). */
export async function findApplicationOfBank(db: Db | Executor, bankCode: BankCode, id: string): Promise<ApplicationRow | null> {
  return (await executor(db).selectFrom('applications').selectAll().where('id', '=', id).where('bankCode', '=', bankCode).executeTakeFirst()) ?? null;
}

export async function findReview(db: Db | Executor, applicationId: string): Promise<ReviewRow | null> {
  return (await executor(db).selectFrom('applicationReviews').selectAll().where('applicationId', '=', applicationId).executeTakeFirst()) ?? null;
}

/** COMPLETED → APPROVED with the PIN erased, once. */
export async function markApprovedAndErasePin(db: Db | Executor, id: string, now: EpochMs): Promise<boolean> {
  const result = await executor(db)
    .updateTable('applications')
    .set({ status: 'APPROVED', pinCiphertext: null, pinErasedAt: now, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'COMPLETED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * COMPLETED → REJECTED, once. The PIN is erased as well: it will never be handed over, and PCI DSS
 * keeps no PIN without a purpose.
 */
export async function markRejectedAndErasePin(db: Db | Executor, id: string, now: EpochMs): Promise<boolean> {
  const result = await executor(db)
    .updateTable('applications')
    .set({ status: 'REJECTED', pinCiphertext: null, pinErasedAt: now, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'COMPLETED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertReview(
  db: Db | Executor,
  r: {
    applicationId: string;
    outcome: 'APPROVED' | 'REJECTED';
    reason: string | null;
    shareableReason: string | null;
    decidedBy: string;
    now: EpochMs;
    proposedBy?: string | null;
  },
): Promise<void> {
  await executor(db)
    .insertInto('applicationReviews')
    .values({
      applicationId: r.applicationId,
      outcome: r.outcome,
      reason: r.reason,
      decidedBy: r.decidedBy,
      decidedAt: r.now,
      // Set by the exporter once the hand-over is written (decision 0249).
      handedOverAt: null,
      handoverReference: null,
      cancelledAt: null,
      cancelReason: null,
      cancelledBy: null,
      shareableReason: r.shareableReason,
      proposedBy: r.proposedBy ?? null,
    })
    .execute();
}

/** APPROVED and not cancelled yet → cancelled with the reason, once. */
export async function markCancelled(db: Db | Executor, applicationId: string, c: { reason: string; by: string; now: EpochMs }): Promise<boolean> {
  const result = await executor(db)
    .updateTable('applicationReviews')
    .set({ cancelledAt: c.now, cancelReason: c.reason, cancelledBy: c.by })
    .where('applicationId', '=', applicationId)
    .where('outcome', '=', 'APPROVED')
    .where('cancelledAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- the case: its live state and its history (migration 060, decision 0230) ----

export type CaseRow = Selectable<ApplicationCasesTable>;

export async function findCase(db: Db | Executor, applicationId: string): Promise<CaseRow | null> {
  return (await executor(db).selectFrom('applicationCases').selectAll().where('applicationId', '=', applicationId).executeTakeFirst()) ?? null;
}

async function ensureCase(db: Db | Executor, applicationId: string): Promise<void> {
  await executor(db)
    .insertInto('applicationCases')
    .values({
      applicationId,
      proposedBy: null,
      proposedAt: null,
      assignedTo: null,
      assignedAt: null,
      cancelProposedBy: null,
      cancelProposedAt: null,
      cancelReasonCode: null,
      cancelReason: null,
    })
    .onConflict((oc) => oc.column('applicationId').doNothing())
    .execute();
}

/** Records an approval proposal, once: false when one is already open. */
export async function markProposed(db: Db | Executor, applicationId: string, staffId: string, now: EpochMs): Promise<boolean> {
  await ensureCase(db, applicationId);
  const result = await executor(db)
    .updateTable('applicationCases')
    .set({ proposedBy: staffId, proposedAt: now })
    .where('applicationId', '=', applicationId)
    .where('proposedBy', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a proposal to cancel the approved application, once: false when one is already open. */
export async function markCancelProposed(
  db: Db | Executor,
  applicationId: string,
  p: { staffId: string; now: EpochMs; reasonCode: string; reason: string },
): Promise<boolean> {
  await ensureCase(db, applicationId);
  const result = await executor(db)
    .updateTable('applicationCases')
    .set({ cancelProposedBy: p.staffId, cancelProposedAt: p.now, cancelReasonCode: p.reasonCode, cancelReason: p.reason })
    .where('applicationId', '=', applicationId)
    .where('cancelProposedBy', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The open proposals (approval or cancellation) of a member, for withdrawing them. */
export async function openProposalsOf(db: Db | Executor, staffId: string): Promise<{ applicationId: string; kind: 'approval' | 'cancel' }[]> {
  const rows = await executor(db)
    .selectFrom('applicationCases')
    .select(['applicationId', 'proposedBy', 'cancelProposedBy'])
    .where((eb) => eb.or([eb('proposedBy', '=', staffId), eb('cancelProposedBy', '=', staffId)]))
    .execute();
  return rows.flatMap((r) => [
    ...(r.proposedBy === staffId ? [{ applicationId: r.applicationId, kind: 'approval' as const }] : []),
    ...(r.cancelProposedBy === staffId ? [{ applicationId: r.applicationId, kind: 'cancel' as const }] : []),
  ]);
}

/** The open proposal of this kind is gone (withdrawn, or its cancellation confirmed); only `proposer`'s when given. True when one was cleared. */
export async function clearProposal(db: Db | Executor, applicationId: string, kind: 'approval' | 'cancel', proposer?: string): Promise<boolean> {
  let query = executor(db)
    .updateTable('applicationCases')
    .set(
      kind === 'approval'
        ? { proposedBy: null, proposedAt: null }
        : { cancelProposedBy: null, cancelProposedAt: null, cancelReasonCode: null, cancelReason: null },
    )
    .where('applicationId', '=', applicationId);
  if (proposer !== undefined) query = query.where(kind === 'approval' ? 'proposedBy' : 'cancelProposedBy', '=', proposer);
  return Number((await query.executeTakeFirst()).numUpdatedRows) > 0;
}

/** The case is closed (approved or rejected): no open proposal, nobody assigned. */
export async function closeCase(db: Db | Executor, applicationId: string): Promise<void> {
  await executor(db)
    .updateTable('applicationCases')
    .set({ proposedBy: null, proposedAt: null, assignedTo: null, assignedAt: null })
    .where('applicationId', '=', applicationId)
    .execute();
}

export async function setAssignee(db: Db | Executor, applicationId: string, staffId: string | null, now: EpochMs): Promise<void> {
  await ensureCase(db, applicationId);
  await executor(db)
    .updateTable('applicationCases')
    .set({ assignedTo: staffId, assignedAt: staffId === null ? null : now })
    .where('applicationId', '=', applicationId)
    .execute();
}

export async function insertCaseEvent(
  db: Db | Executor,
  e: { applicationId: string; at: EpochMs; staffId: string | null; kind: string; reasonCode?: string | null; reason?: string | null },
): Promise<void> {
  await executor(db)
    .insertInto('applicationEvents')
    .values({ applicationId: e.applicationId, at: e.at, staffId: e.staffId, kind: e.kind, reasonCode: e.reasonCode ?? null, reason: e.reason ?? null })
    .execute();
}

/** The case's history, oldest first, with the staff member's display name. */
export async function listCaseEvents(db: Db | Executor, applicationId: string) {
  return executor(db)
    .selectFrom('applicationEvents as e')
    .leftJoin('staffUsers as s', 's.id', 'e.staffId')
    .select(['e.kind', 'e.at', 'e.reason', 's.displayName'])
    .where('e.applicationId', '=', applicationId)
    .orderBy('e.at')
    .orderBy('e.id')
    .execute();
}
