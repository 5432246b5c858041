import { cancelBodySchema, rejectBodySchema } from '@koza/domain/api/admin';
import type { ApplicationDetail } from '@koza/domain/api/admin';
import { cancelReasons, rejectReasons } from '@koza/domain/admin/case';
import { shareableRejectionReasons } from '@koza/domain/application-status';
import { post } from '../../api.ts';
import { ConfirmDialog } from '../../confirm-dialog.tsx';
import { useApiMutation } from '../../queries.ts';
import { useForm } from '../../use-form.tsx';

export type DecisionDialogKind = 'approve' | 'reject' | 'proposeCancel' | 'cancel';

/** Who the case is about, for confirmations: 山田 太郎 さま（受付番号 0177-…）. */
const applicantOf = (d: ApplicationDetail) =>
  `${String(d.application.lastName ?? '')} ${String(d.application.firstName ?? '')} さま（受付番号 ${d.applicationNumber ?? '未採番'}）`;

/**
 * The confirmation of an irreversible decision, naming the applicant and the consequence: approval
 * and the confirmed cancellation run the screen's action; a rejection and a proposed cancellation ask
 * for their reason and send it themselves.
 */
export function DecisionDialog({
  kind,
  detail,
  pending,
  error,
  run,
  onClose,
  onDone,
}: {
  kind: DecisionDialogKind;
  detail: ApplicationDetail;
  pending: boolean;
  error: string | null;
  run: (action: string, done: string) => void;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  if (kind === 'reject' || kind === 'proposeCancel') return <ReasonDialog kind={kind} detail={detail} onCancel={onClose} onDone={onDone} />;
  if (kind === 'approve') {
    return (
      <ConfirmDialog
        title="このお申込みを承認しますか？"
        confirmLabel="承認を確定する"
        danger={false}
        pending={pending}
        error={error}
        onCancel={onClose}
        onConfirm={() => run('approve', '承認しました。')}
      >
        <p>
          {applicantOf(detail)}のお申込みを承認します（承認申請：{detail.case.proposedBy?.displayName}
          ）。勘定系へ受け渡し、保管している暗証番号を消去します。元に戻せません。
        </p>
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      title="このお申込みの取消を確定しますか？"
      confirmLabel="取消を確定する"
      pending={pending}
      error={error}
      onCancel={onClose}
      onConfirm={() => run('cancel', '取消しました。')}
    >
      <p>
        {applicantOf(detail)}のお申込みを取消します（取消申請：{detail.case.cancelProposedBy?.displayName}、理由：{detail.case.cancelReason}
        ）。口座開設は取り消され、元に戻せません。
      </p>
    </ConfirmDialog>
  );
}

function ReasonDialog({
  kind,
  detail,
  onDone,
  onCancel,
}: {
  kind: 'reject' | 'proposeCancel';
  detail: ApplicationDetail;
  onDone: (text: string) => void;
  onCancel: () => void;
}) {
  const path = kind === 'reject' ? 'reject' : 'propose-cancel';
  const call = useApiMutation((body: unknown) => post(`/applications/${encodeURIComponent(detail.id)}/${path}`, body), ['/applications']);
  const reject = kind === 'reject';
  const form = useForm({
    prefix: kind,
    initial: { reasonCode: '', reason: '', shareableReason: '' },
    schema: reject ? rejectBodySchema : cancelBodySchema,
    body: (v) =>
      reject ? { reasonCode: v.reasonCode, reason: v.reason, shareableReason: v.shareableReason || null } : { reasonCode: v.reasonCode, reason: v.reason },
    save: (body) => call.mutateAsync(body),
    onSaved: () => onDone(reject ? '否認しました。' : '取消申請しました。別の審査担当者の確定を待っています。'),
    failText: '操作に失敗しました。',
  });
  const reasons: Readonly<Record<string, string>> = reject ? rejectReasons : cancelReasons;
  return (
    <ConfirmDialog
      title={reject ? 'このお申込みを否認しますか？' : 'このお申込みの取消を申請しますか？'}
      confirmLabel={reject ? '否認を確定する' : '取消を申請する'}
      pending={form.pending}
      error={form.error}
      onCancel={onCancel}
      onConfirm={() => form.formRef.current?.requestSubmit()}
    >
      <p>
        {applicantOf(detail)}のお申込みを
        {reject
          ? '否認します。保管している暗証番号を消去し、お客さまに審査結果をメールでお知らせします。元に戻せません。'
          : '取消を申請します。取消は、申請した職員とは別の審査担当者が確定したときに行われます。'}
      </p>
      <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="reason-form">
        <div className="field">
          <label htmlFor={form.id('reasonCode')}>{reject ? '否認理由' : '取消理由'}</label>
          <select {...form.field('reasonCode')}>
            <option value="">選択してください</option>
            {Object.entries(reasons).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
          {form.message('reasonCode')}
        </div>
        <div className="field">
          <label htmlFor={form.id('reason')}>補足（任意。「その他」の場合は必須。お客さまには通知されません）</label>
          <textarea rows={3} maxLength={500} {...form.field('reason')} />
          {form.message('reason')}
        </div>
        {reject && (
          <div className="field">
            <label htmlFor={form.id('shareableReason')}>お客さまにお伝えする理由（お申込み状況の確認に表示されます）</label>
            <select {...form.field('shareableReason')}>
              <option value="">伝えない（理由は表示されません）</option>
              {Object.entries(shareableRejectionReasons).map(([code, text]) => (
                <option key={code} value={code}>
                  {text}
                </option>
              ))}
            </select>
          </div>
        )}
      </form>
    </ConfirmDialog>
  );
}
