import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { applicationDetailSchema } from '@koza/domain/api/admin';
import type { ApplicationDetail } from '@koza/domain/api/admin';
import { adminStatusLabels } from '@koza/domain/admin/rules';
import { shareableRejectionReasons } from '@koza/domain/application-status';
import { ApiProblem, getJson, post } from '../api.ts';
import { applicationLabels, displayValue, documentTypeLabels, ekycMethodLabels, ekycStatusLabels, parentLabels } from '../field-labels.ts';
import { formatDateTime } from '../format.ts';
import { useSession } from '../session.tsx';

function Fields({ values, labels }: { values: Record<string, string | number | boolean | null>; labels: Record<string, string> }) {
  const keys = [...Object.keys(labels).filter((k) => k in values), ...Object.keys(values).filter((k) => !(k in labels))];
  return (
    <dl className="fields">
      {keys.map((key) => (
        <div key={key}>
          <dt>{labels[key] ?? key}</dt>
          <dd>{displayValue(values[key] ?? null)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ApplicationDetailScreen() {
  const { id = '' } = useParams();
  const { can } = useSession();
  const [detail, setDetail] = useState<ApplicationDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmingApproval, setConfirmingApproval] = useState(false);
  const [showDocuments, setShowDocuments] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setDetail(await getJson(`/applications/${encodeURIComponent(id)}`, applicationDetailSchema));
    } catch (e) {
      setError(e instanceof ApiProblem ? e.message : '読み込めませんでした。');
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  async function act(path: string, body: unknown, done: string) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await post(`/applications/${encodeURIComponent(id)}/${path}`, body);
      setNotice(done);
      setConfirmingApproval(false);
      await load();
    } catch (e) {
      setError(e instanceof ApiProblem ? e.message : '操作に失敗しました。');
    } finally {
      setBusy(false);
    }
  }

  const withReason = (path: string, done: string) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // The reject form also offers a reason the applicant's status page may show (decision 0192).
    const shareable = form.has('shareableReason') ? { shareableReason: String(form.get('shareableReason') ?? '') || null } : {};
    void act(path, { reason: String(form.get('reason') ?? ''), ...shareable }, done);
  };

  if (!detail) {
    return (
      <>
        <h1>申込詳細</h1>
        {error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : (
          <p role="status">読み込み中…</p>
        )}
        <p>
          <Link to="/">申込一覧へ戻る</Link>
        </p>
      </>
    );
  }

  const decidable = detail.status === 'COMPLETED' && can('applications.decide');
  const cancellable = detail.status === 'APPROVED' && can('applications.cancel');

  return (
    <>
      <p>
        <Link to="/">申込一覧へ戻る</Link>
      </p>
      <h1>申込詳細 {detail.applicationNumber}</h1>
      <div aria-live="polite">
        {notice && <p className="notice">{notice}</p>}
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <section aria-labelledby="summary">
        <h2 id="summary">概要</h2>
        <dl className="fields">
          <div>
            <dt>状態</dt>
            <dd>{adminStatusLabels[detail.status] ?? detail.status}</dd>
          </div>
          <div>
            <dt>申込完了日時</dt>
            <dd>{detail.completedAt ? formatDateTime(detail.completedAt) : '—'}</dd>
          </div>
          <div>
            <dt>暗証番号</dt>
            <dd>{detail.pinErased ? '消去済み' : '保管中（受け渡し後に消去）'}</dd>
          </div>
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

      {(decidable || cancellable) && (
        <section aria-labelledby="decision" className="decision">
          <h2 id="decision">審査</h2>
          {decidable && (
            <>
              {!confirmingApproval ? (
                <button type="button" onClick={() => setConfirmingApproval(true)} disabled={busy}>
                  承認する
                </button>
              ) : (
                <div className="confirm" role="group" aria-labelledby="confirm-text">
                  <p id="confirm-text">承認すると勘定系へ受け渡し、保管している暗証番号を消去します。元に戻せません。</p>
                  <button type="button" onClick={() => void act('approve', {}, '承認しました。')} disabled={busy}>
                    承認を確定する
                  </button>{' '}
                  <button type="button" className="secondary" onClick={() => setConfirmingApproval(false)}>
                    やめる
                  </button>
                </div>
              )}
              <form onSubmit={withReason('reject', '否認しました。')} className="reason-form">
                <div className="field">
                  <label htmlFor="reject-reason">否認理由（お客さまには通知されません）</label>
                  <textarea id="reject-reason" name="reason" rows={3} maxLength={500} required />
                </div>
                <div className="field">
                  <label htmlFor="reject-shareable">お客さまにお伝えする理由（お申込み状況の確認に表示されます）</label>
                  <select id="reject-shareable" name="shareableReason" defaultValue="">
                    <option value="">伝えない（理由は表示されません）</option>
                    {Object.entries(shareableRejectionReasons).map(([code, text]) => (
                      <option key={code} value={code}>
                        {text}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" className="danger" disabled={busy}>
                  否認する
                </button>
              </form>
            </>
          )}
          {cancellable && (
            <form onSubmit={withReason('cancel', '取消しました。')} className="reason-form">
              <div className="field">
                <label htmlFor="cancel-reason">取消理由（キャッシュカード未受取など）</label>
                <textarea id="cancel-reason" name="reason" rows={3} maxLength={500} required />
              </div>
              <button type="submit" className="danger" disabled={busy}>
                取消する
              </button>
            </form>
          )}
        </section>
      )}

      <section aria-labelledby="ekyc">
        <h2 id="ekyc">本人確認（eKYC）</h2>
        {detail.ekyc ? (
          <dl className="fields">
            <div>
              <dt>方式</dt>
              <dd>{ekycMethodLabels[detail.ekyc.method] ?? detail.ekyc.method}</dd>
            </div>
            <div>
              <dt>結果</dt>
              <dd>
                {ekycStatusLabels[detail.ekyc.status] ?? detail.ekyc.status}（{detail.ekyc.providerStatus}）
              </dd>
            </div>
            <div>
              <dt>現住所確認書類</dt>
              <dd>{detail.ekyc.supplementRequired ? '必要（住所不一致）' : '不要'}</dd>
            </div>
            <div>
              <dt>更新日時</dt>
              <dd>{formatDateTime(detail.ekyc.updatedAt)}</dd>
            </div>
          </dl>
        ) : (
          <p>eKYCの記録はありません。</p>
        )}
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
                <figure>
                  <img src={`/api/admin/applications/${encodeURIComponent(detail.id)}/documents/${encodeURIComponent(d.id)}`} alt={`${documentTypeLabels[d.type] ?? d.type}（${i + 1}枚目）`} />
                  <figcaption>
                    {documentTypeLabels[d.type] ?? d.type}（{formatDateTime(d.createdAt)}、{Math.ceil(d.size / 1024)}KB）
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="applicant">
        <h2 id="applicant">{detail.applicationType === 'CHILD' ? 'お子さま（口座名義人）' : '申込者'}</h2>
        <Fields values={detail.application} labels={applicationLabels} />
      </section>
      {detail.applicationParent && (
        <section aria-labelledby="parent">
          <h2 id="parent">親権者（代理人）</h2>
          <Fields values={detail.applicationParent} labels={parentLabels} />
        </section>
      )}
    </>
  );
}
