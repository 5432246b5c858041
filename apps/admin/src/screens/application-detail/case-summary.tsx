import type { ApplicationDetail } from '@koza/domain/api/admin';
import { adminStatusLabels } from '@koza/domain/admin/rules';
import { formatDateTime } from '../../format.ts';

/** 概要: the case's state (with a proposal waiting for a second member), assignee, PIN, and the review's outcome. */
export function CaseSummary({ detail }: { detail: ApplicationDetail }) {
  return (
    <section aria-labelledby="summary">
      <h2 id="summary">概要</h2>
      <dl className="fields">
        <div>
          <dt>状態</dt>
          <dd>
            {adminStatusLabels[detail.status] ?? detail.status}
            {detail.case.proposedBy &&
              `（承認申請中：${detail.case.proposedBy.displayName}、${detail.case.proposedAt ? formatDateTime(detail.case.proposedAt) : ''}。別の職員の承認待ち）`}
            {detail.case.cancelProposedBy && `（取消申請中：${detail.case.cancelProposedBy.displayName}。別の職員の確定待ち）`}
          </dd>
        </div>
        <div>
          <dt>担当者</dt>
          <dd>{detail.case.assignedTo?.displayName ?? '未設定'}</dd>
        </div>
        <div>
          <dt>申込完了日時</dt>
          <dd>{detail.completedAt ? formatDateTime(detail.completedAt) : '—'}</dd>
        </div>
        <div>
          <dt>暗証番号</dt>
          <dd>{detail.pinErased ? '消去済み' : '保管中（受け渡し後に消去）'}</dd>
        </div>
        {detail.personalDataErasedAt && (
          <div>
            <dt>個人データ</dt>
            <dd>保存期間の経過により消去済み（{formatDateTime(detail.personalDataErasedAt)}）</dd>
          </div>
        )}
        {detail.review && <ReviewOutcome review={detail.review} />}
      </dl>
    </section>
  );
}

function ReviewOutcome({ review }: { review: NonNullable<ApplicationDetail['review']> }) {
  return (
    <>
      <div>
        <dt>審査結果</dt>
        <dd>
          {adminStatusLabels[review.outcome]}（{review.decidedBy}、{formatDateTime(review.decidedAt)}）
        </dd>
      </div>
      {review.reason && (
        <div>
          <dt>否認理由</dt>
          <dd>{review.reason}</dd>
        </div>
      )}
      {review.handedOverAt && (
        <div>
          <dt>勘定系への受け渡し</dt>
          <dd>{formatDateTime(review.handedOverAt)}</dd>
        </div>
      )}
      {review.cancelledAt && (
        <div>
          <dt>取消</dt>
          <dd>
            {formatDateTime(review.cancelledAt)}：{review.cancelReason}
          </dd>
        </div>
      )}
    </>
  );
}
