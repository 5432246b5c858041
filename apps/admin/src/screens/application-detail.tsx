import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { applicationDetailSchema, cancelBodySchema, rejectBodySchema } from '@koza/domain/api/admin';
import type { ApplicationDetail } from '@koza/domain/api/admin';
import { cancelReasons, caseEventLabels, rejectReasons } from '@koza/domain/admin/case';
import { adminStatusLabels } from '@koza/domain/admin/rules';
import { shareableRejectionReasons } from '@koza/domain/application-status';
import { documentTypeLabels, ekycMethodLabels, ekycOutcomeLabels } from '@koza/domain/admin/case-view';
import { compareIdentity, typedIdentity } from '@koza/domain/ekyc-identity';
import { ApiProblem, post } from '../api.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { formatDateTime } from '../format.ts';
import { Outcome } from '../outcome.tsx';
import { useApiMutation, useApiQuery } from '../queries.ts';
import { useForm } from '../use-form.tsx';
import { ApplicantAnswers } from './application-detail/applicant-answers.tsx';
import { ImageViewer } from './image-viewer.tsx';

/** Who the case is about, for confirmations: 山田 太郎 さま（受付番号 0177-…）. */
const applicantOf = (d: ApplicationDetail) =>
  `${String(d.application.lastName ?? '')} ${String(d.application.firstName ?? '')} さま（受付番号 ${d.applicationNumber ?? '未採番'}）`;

type Dialog = 'approve' | 'reject' | 'proposeCancel' | 'cancel' | null;

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

function EkycSection({ detail }: { detail: ApplicationDetail }) {
  const ekyc = detail.ekyc;
  if (!ekyc) return <p>eKYCの記録はありません。</p>;
  const person = detail.applicationParent ?? detail.application;
  const comparison = ekyc.read ? compareIdentity(typedIdentity(person, detail.application), ekyc.read) : null;
  const differences = comparison?.filter((c) => !c.same).length ?? 0;
  return (
    <>
      <dl className="fields">
        <div>
          <dt>方式</dt>
          <dd>{ekycMethodLabels[ekyc.method] ?? ekyc.method}</dd>
        </div>
        <div>
          <dt>結果</dt>
          <dd>{ekycOutcomeLabels[ekyc.providerStatus] ?? ekyc.providerStatus}</dd>
        </div>
        <div>
          <dt>現住所確認書類</dt>
          <dd>{ekyc.supplementRequired ? '必要（本人確認書類の住所と申込の住所が異なる）' : '不要'}</dd>
        </div>
        <div>
          <dt>更新日時</dt>
          <dd>{formatDateTime(ekyc.updatedAt)}</dd>
        </div>
      </dl>
      {ekyc.readUnavailable && <p className="error">本人確認事業者から読取結果を取得できませんでした。時間をおいて開き直してください。</p>}
      {ekyc.certificate && <CertificateFacts certificate={ekyc.certificate} />}
      {ekyc.images.length > 0 && <EvidenceImages applicationId={detail.id} images={ekyc.images} />}
      {comparison && (
        <table>
          <caption>
            申込内容と本人確認書類の読取結果{detail.applicationParent ? '（親権者）' : ''}：{differences === 0 ? 'すべて一致' : `${differences}項目が不一致`}
          </caption>
          <thead>
            <tr>
              <th scope="col">項目</th>
              <th scope="col">申込内容</th>
              <th scope="col">書類の読取結果</th>
              <th scope="col">照合</th>
            </tr>
          </thead>
          <tbody>
            {comparison.map((c) => (
              <tr key={c.field}>
                <th scope="row">{c.label}</th>
                <td>{c.typed}</td>
                <td className={c.same ? undefined : 'diff'}>{c.read}</td>
                <td>{c.same ? '一致' : <strong className="age-overdue">不一致</strong>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** JPKI: the signing certificate the provider read from the My Number card (decision 0240). */
function CertificateFacts({ certificate }: { certificate: NonNullable<NonNullable<ApplicationDetail['ekyc']>['certificate']> }) {
  const rows: [string, string][] = [
    ['氏名', certificate.name],
    ['生年月日', certificate.birthday],
    ['性別', certificate.gender || '—'],
    ['住所', certificate.address],
    ['有効期間', `${formatDateTime(certificate.notBefore)} 〜 ${formatDateTime(certificate.notAfter)}`],
    ['シリアル番号', certificate.serialNumber],
  ];
  return (
    <>
      <h3>署名用電子証明書の記載事項（基本4情報）</h3>
      <dl className="fields">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/**
 * The document and face photos the provider's check relied on, fetched from the provider when shown
 * (each view an audit line; nothing kept by the service; decision 0240).
 */
function EvidenceImages({ applicationId, images }: { applicationId: string; images: NonNullable<ApplicationDetail['ekyc']>['images'] }) {
  const [shown, setShown] = useState(false);
  if (!shown) {
    return (
      <button type="button" className="secondary" onClick={() => setShown(true)}>
        本人確認事業者が確認した画像を表示（{images.length}件）
      </button>
    );
  }
  return (
    <ul className="documents" aria-label="本人確認事業者が確認した画像">
      {images.map((image) => (
        <li key={image.kind}>
          <ImageViewer
            src={`/api/admin/applications/${encodeURIComponent(applicationId)}/ekyc-images/${image.kind}`}
            name={image.label}
            caption={`${image.label}（本人確認事業者から表示）`}
          />
        </li>
      ))}
    </ul>
  );
}

export function ApplicationDetailScreen() {
  const { id = '' } = useParams();
  const location = useLocation();
  // The list's filters and page come back with the Back link (the list put them in the link's state).
  const back = `/${typeof location.state === 'object' && location.state && 'search' in location.state ? String(location.state.search) : ''}`;
  const query = useApiQuery(`/applications/${encodeURIComponent(id)}`, applicationDetailSchema);
  const [notice, setNotice] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [showDocuments, setShowDocuments] = useState(false);
  const act = useApiMutation((action: string) => post(`/applications/${encodeURIComponent(id)}/${action}`), ['/applications']);
  const detail = query.data;

  if (!detail) {
    return (
      <>
        <h1>申込詳細</h1>
        {query.error ? (
          <p className="error" role="alert">
            {query.error instanceof ApiProblem ? query.error.message : '読み込めませんでした。'}
          </p>
        ) : (
          <p role="status">読み込み中…</p>
        )}
        <p>
          <Link to={back}>申込一覧へ戻る</Link>
        </p>
      </>
    );
  }

  const actions = detail.case.actions;
  const run = (action: string, done: string) => {
    setNotice(null);
    act.mutate(action, {
      onSuccess: () => {
        setNotice(done);
        setDialog(null);
      },
    });
  };
  const actionError = act.error ? (act.error instanceof ApiProblem ? act.error.message : '操作に失敗しました。') : null;

  return (
    <>
      <p>
        <Link to={back}>申込一覧へ戻る</Link>
      </p>
      <h1>申込詳細 {detail.applicationNumber}</h1>
      <Outcome done={notice} error={dialog === 'approve' || dialog === 'cancel' ? null : actionError} />
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
          {detail.review && (
            <>
              <div>
                <dt>審査結果</dt>
                <dd>
                  {adminStatusLabels[detail.review.outcome]}（{detail.review.decidedBy}、{formatDateTime(detail.review.decidedAt)}）
                </dd>
              </div>
              {detail.review.reason && (
                <div>
                  <dt>否認理由</dt>
                  <dd>{detail.review.reason}</dd>
                </div>
              )}
              {detail.review.handedOverAt && (
                <div>
                  <dt>勘定系への受け渡し</dt>
                  <dd>{formatDateTime(detail.review.handedOverAt)}</dd>
                </div>
              )}
              {detail.review.cancelledAt && (
                <div>
                  <dt>取消</dt>
                  <dd>
                    {formatDateTime(detail.review.cancelledAt)}：{detail.review.cancelReason}
                  </dd>
                </div>
              )}
            </>
          )}
        </dl>
      </section>

      {actions.length > 0 && (
        <section aria-labelledby="decision" className="decision">
          <h2 id="decision">審査</h2>
          {detail.case.proposedBy && !actions.includes('approve') && detail.status === 'COMPLETED' && (
            <p>承認申請済みです。承認は申請した職員とは別の審査担当者が行います。</p>
          )}
          {detail.case.cancelReason && <p>取消理由（申請）：{detail.case.cancelReason}</p>}
          <div className="actions">
            {actions.includes('take') && (
              <button type="button" className="secondary" disabled={act.isPending} onClick={() => run('take', '担当者に設定しました。')}>
                担当する
              </button>
            )}
            {actions.includes('release') && (
              <button type="button" className="secondary" disabled={act.isPending} onClick={() => run('release', '担当を外しました。')}>
                担当を外す
              </button>
            )}
            {actions.includes('propose') && (
              <button
                type="button"
                className="primary"
                disabled={act.isPending}
                onClick={() => run('propose', '承認申請しました。別の審査担当者の承認を待っています。')}
              >
                承認申請する
              </button>
            )}
            {actions.includes('approve') && (
              <button type="button" className="primary" disabled={act.isPending} onClick={() => setDialog('approve')}>
                承認する
              </button>
            )}
            {actions.includes('reject') && (
              <button type="button" className="danger" onClick={() => setDialog('reject')}>
                否認する
              </button>
            )}
            {actions.includes('proposeCancel') && (
              <button type="button" className="danger" onClick={() => setDialog('proposeCancel')}>
                取消申請する
              </button>
            )}
            {actions.includes('cancel') && (
              <button type="button" className="danger" onClick={() => setDialog('cancel')}>
                取消を確定する
              </button>
            )}
          </div>
        </section>
      )}
      {dialog === 'approve' && (
        <ConfirmDialog
          title="このお申込みを承認しますか？"
          confirmLabel="承認を確定する"
          danger={false}
          pending={act.isPending}
          error={actionError}
          onCancel={() => setDialog(null)}
          onConfirm={() => run('approve', '承認しました。')}
        >
          <p>
            {applicantOf(detail)}のお申込みを承認します（承認申請：{detail.case.proposedBy?.displayName}
            ）。勘定系へ受け渡し、保管している暗証番号を消去します。元に戻せません。
          </p>
        </ConfirmDialog>
      )}
      {dialog === 'cancel' && (
        <ConfirmDialog
          title="このお申込みの取消を確定しますか？"
          confirmLabel="取消を確定する"
          pending={act.isPending}
          error={actionError}
          onCancel={() => setDialog(null)}
          onConfirm={() => run('cancel', '取消しました。')}
        >
          <p>
            {applicantOf(detail)}のお申込みを取消します（取消申請：{detail.case.cancelProposedBy?.displayName}、理由：{detail.case.cancelReason}
            ）。口座開設は取り消され、元に戻せません。
          </p>
        </ConfirmDialog>
      )}
      {(dialog === 'reject' || dialog === 'proposeCancel') && (
        <ReasonDialog
          kind={dialog}
          detail={detail}
          onCancel={() => setDialog(null)}
          onDone={(text) => {
            setDialog(null);
            setNotice(text);
          }}
        />
      )}

      <section aria-labelledby="ekyc">
        <h2 id="ekyc">本人確認（eKYC）</h2>
        <EkycSection detail={detail} />
      </section>

      <section aria-labelledby="documents">
        <h2 id="documents">提出書類</h2>
        {detail.documents.length === 0 ? (
          <p>提出書類はありません。</p>
        ) : !showDocuments ? (
          <button type="button" className="secondary" onClick={() => setShowDocuments(true)}>
            書類画像を表示（{detail.documents.length}件）
          </button>
        ) : (
          <ul className="documents">
            {detail.documents.map((d, i) => (
              <li key={d.id}>
                <ImageViewer
                  src={`/api/admin/applications/${encodeURIComponent(detail.id)}/documents/${encodeURIComponent(d.id)}`}
                  name={`${documentTypeLabels[d.type] ?? d.type}（${i + 1}枚目）`}
                  caption={`${documentTypeLabels[d.type] ?? d.type}（${formatDateTime(d.createdAt)}、${Math.ceil(d.size / 1024)}KB）`}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <ApplicantAnswers detail={detail} />

      <section aria-labelledby="history">
        <h2 id="history">対応履歴</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">日時</th>
              <th scope="col">内容</th>
              <th scope="col">職員</th>
              <th scope="col">理由</th>
            </tr>
          </thead>
          <tbody>
            {detail.case.history.map((e, i) => (
              <tr key={i}>
                <td>{formatDateTime(e.at)}</td>
                <td>{caseEventLabels[e.kind]}</td>
                <td>{e.by ?? 'お客さま'}</td>
                <td>{e.reason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
