import type { ApplicationDetail } from '@koza/domain/api/admin';
import type { DecisionDialogKind } from './decision-dialogs.tsx';

/**
 * 審査: the actions the case's state allows this member. Taking, releasing and proposing happen at
 * once; approving, rejecting and cancelling are asked for again in a dialog.
 */
export function CaseDecision({
  detail,
  pending,
  run,
  ask,
}: {
  detail: ApplicationDetail;
  /** An action is on its way: the immediate ones wait. */
  pending: boolean;
  run: (action: string, done: string) => void;
  ask: (dialog: DecisionDialogKind) => void;
}) {
  const actions = detail.case.actions;
  return (
    <section aria-labelledby="decision" className="decision">
      <h2 id="decision">審査</h2>
      {detail.case.proposedBy && !actions.includes('approve') && detail.status === 'COMPLETED' && (
        <p>承認申請済みです。承認は申請した職員とは別の審査担当者が行います。</p>
      )}
      {detail.case.cancelReason && <p>取消理由（申請）：{detail.case.cancelReason}</p>}
      <div className="actions">
        {actions.includes('take') && (
          <button type="button" className="secondary" disabled={pending} onClick={() => run('take', '担当者に設定しました。')}>
            担当する
          </button>
        )}
        {actions.includes('release') && (
          <button type="button" className="secondary" disabled={pending} onClick={() => run('release', '担当を外しました。')}>
            担当を外す
          </button>
        )}
        {actions.includes('propose') && (
          <button type="button" className="primary" disabled={pending} onClick={() => run('propose', '承認申請しました。別の審査担当者の承認を待っています。')}>
            承認申請する
          </button>
        )}
        {actions.includes('approve') && (
          <button type="button" className="primary" disabled={pending} onClick={() => ask('approve')}>
            承認する
          </button>
        )}
        {actions.includes('reject') && (
          <button type="button" className="danger" onClick={() => ask('reject')}>
            否認する
          </button>
        )}
        {actions.includes('proposeCancel') && (
          <button type="button" className="danger" onClick={() => ask('proposeCancel')}>
            取消申請する
          </button>
        )}
        {actions.includes('cancel') && (
          <button type="button" className="danger" onClick={() => ask('cancel')}>
            取消を確定する
          </button>
        )}
      </div>
    </section>
  );
}
