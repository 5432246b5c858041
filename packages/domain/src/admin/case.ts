// An application as a case of the back office (issue 24, docs/decisions/0230-four-eyes-and-case-history.md):
// what happened to it (events with who, when and why), the reasons staff choose from, and which
// actions its state allows. The API refuses what `caseActions` does not allow; the back office
// offers only what it allows. Who may act at all stays in roles.ts.

import type { Permission } from './roles.ts';

/** Kinds of case events, in the order a case usually meets them. */
export const caseEventKinds = ['PROPOSED', 'APPROVED', 'REJECTED', 'CANCEL_PROPOSED', 'CANCELLED', 'ASSIGNED', 'RELEASED', 'WITHDRAWN'] as const;
export type CaseEventKind = (typeof caseEventKinds)[number];

export const caseEventLabels: Readonly<Record<CaseEventKind | 'SUBMITTED', string>> = {
  SUBMITTED: '申込完了',
  PROPOSED: '承認申請',
  APPROVED: '承認（勘定系へ受け渡し）',
  REJECTED: '否認',
  CANCEL_PROPOSED: '取消申請',
  CANCELLED: '取消（二次確認済み）',
  ASSIGNED: '担当者の設定',
  RELEASED: '担当者の解除',
  WITHDRAWN: '申請の取下げ',
};

/**
 * Why a member's open proposals (approval or cancellation) are withdrawn: a proposal counts only
 * while its proposer may propose (issue 32). The history keeps the reason with the proposer's name.
 */
export const withdrawReasons = {
  MEMBER_STOPPED: '申請者の利用停止',
  MEMBER_ROLE_CHANGED: '申請者の権限変更',
  MEMBER_RESET: '申請者のパスワード・二要素認証のリセット',
} as const;
export type WithdrawReason = keyof typeof withdrawReasons;

/** Why an application is rejected: staff choose one, and may add their own words. */
export const rejectReasons = {
  ID_MISMATCH: '本人確認書類と申込内容が一致しない',
  ADDRESS_UNCONFIRMED: '現住所が確認できない',
  DOCUMENT_UNREADABLE: '書類・画像が不鮮明',
  EXISTING_ACCOUNT: '既に口座をお持ち',
  OUT_OF_AREA: '取引店の営業地域外',
  BANK_POLICY: '当行の判断',
  OTHER: 'その他',
} as const;
export type RejectReason = keyof typeof rejectReasons;

/** Why an approved application is cancelled (SPEC.md §1: the card was not collected in time). */
export const cancelReasons = {
  CARD_NOT_COLLECTED: 'キャッシュカード未受取（保管期限経過）',
  CARD_RETURNED: 'キャッシュカード返戻（宛先不明）',
  APPLICANT_REQUEST: 'お客さまからの取消依頼',
  OTHER: 'その他',
} as const;
export type CancelReason = keyof typeof cancelReasons;

export const reviewRules = {
  /**
   * An approved application can be cancelled for an uncollected card only after the card had its
   * time to arrive and be collected (SPEC.md §1 "a card not collected within a set period"): not
   * right after the hand-over.
   */
  cardCollectionDays: 30,
} as const;

/** How a reason is kept in the history: the chosen label, then the staff's own words. */
export const reasonText = (label: string, freeText: string | null | undefined): string => (freeText?.trim() ? `${label}：${freeText.trim()}` : label);

export interface CaseState {
  /** applications.status (COMPLETED, APPROVED, REJECTED) or CANCELLED. */
  status: string;
  /** Staff id of an open approval proposal, or null. */
  proposedBy: string | null;
  /** Epoch ms of the approval (hand-over), or null. */
  approvedAt: number | null;
  assignedTo: string | null;
  /** Staff id of an open cancellation proposal, or null. */
  cancelProposedBy: string | null;
}

export type CaseAction = 'propose' | 'approve' | 'reject' | 'proposeCancel' | 'cancel' | 'take' | 'release';

/**
 * The actions `staffId` may take on the case now, given the permissions of their role. Approval
 * and cancellation take two people: one proposes, another confirms (nobody confirms their own
 * proposal). A member releases only a case they hold; another member takes it over instead
 * (decision 0234). The API refuses every action this does not answer (services/staff/review.ts).
 */
export function caseActions(state: CaseState, staffId: string, can: (p: Permission) => boolean, now: number): CaseAction[] {
  const actions: CaseAction[] = [];
  const open = state.status === 'COMPLETED';
  if (open && can('applications.decide')) {
    if (state.proposedBy === null) actions.push('propose');
    else if (state.proposedBy !== staffId) actions.push('approve');
    actions.push('reject');
  }
  const collectionOver = state.approvedAt !== null && now - state.approvedAt >= reviewRules.cardCollectionDays * 86_400_000;
  if (state.status === 'APPROVED' && collectionOver && can('applications.cancel')) {
    if (state.cancelProposedBy === null) actions.push('proposeCancel');
    else if (state.cancelProposedBy !== staffId) actions.push('cancel');
  }
  if (open && can('applications.decide')) actions.push(state.assignedTo === staffId ? 'release' : 'take');
  return actions;
}

// ---- the work queue: age of a case and the bank's target ----

/** Business days within which a submitted application should be decided (config REVIEW_TARGET_BUSINESS_DAYS). */
export const defaultReviewTargetBusinessDays = 2;

const dayMs = 86_400_000;
const japanDay = (ms: number) => Math.floor((ms + 9 * 3_600_000) / dayMs);

/** Whole Japan calendar days since the submission (0 on the day itself). */
export const ageInDays = (completedAt: number, now: number): number => Math.max(0, japanDay(now) - japanDay(completedAt));

/**
 * Business days (Japan time) that have passed since the submission: days the bank is open, Monday to
 * Friday and not a bank holiday (`isBankHoliday`, YYYY-MM-DD: the API's calendar of national holidays
 * and the year-end closure, services/platform/bank-calendar.ts). A case submitted on Friday is 1 business day
 * old on Monday, and still 1 on the Wednesday after a Tuesday holiday.
 */
export function businessDaysSince(completedAt: number, now: number, isBankHoliday: (isoDate: string) => boolean): number {
  let days = 0;
  for (let d = japanDay(completedAt) + 1; d <= japanDay(now); d += 1) {
    const weekday = (d + 4) % 7; // day 0 (1970-01-01) was a Thursday; 0 = Sunday
    if (weekday !== 0 && weekday !== 6 && !isBankHoliday(new Date(d * dayMs).toISOString().slice(0, 10))) days += 1;
  }
  return days;
}

/** Queue views: the caller's cases, nobody's cases, cases waiting for a second member's approval. */
export const queueViews = ['mine', 'unassigned', 'second'] as const;
export type QueueView = (typeof queueViews)[number];
export const queueViewLabels: Readonly<Record<QueueView, string>> = {
  mine: '自分の担当',
  unassigned: '担当者なし',
  second: '二次確認待ち（承認申請済み）',
};

/** Columns the list can be ordered by. */
export const queueSorts = ['completedAt', 'age', 'applicationNumber', 'kanaName', 'status', 'branch'] as const;
