import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { auditListSchema } from '@koza/domain/api/admin';
import { auditActionLabels, auditActions } from '@koza/domain/admin/rules';
import type { AuditAction } from '@koza/domain/admin/rules';
import { ApiProblem, exportUrl, getJson } from '../api.ts';
import { formatDateTime } from '../format.ts';

type AuditList = ReturnType<typeof auditListSchema.parse>;

/** The filters, as named in the URL and in GET /api/admin/audit (decision 0221). */
const filterNames = ['staff', 'action', 'from', 'to', 'applicationNumber'] as const;

/** ADMIN: every staff action, newest first, filtered by member, action, days and application; the same as CSV. */
export function AuditScreen() {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? '1');
  const query = params.toString();
  const [list, setList] = useState<AuditList | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setError(null);
    getJson(`/audit${query ? `?${query}` : ''}`, auditListSchema)
      .then((l) => live && setList(l))
      .catch((e: unknown) => {
        if (!live) return;
        setList(null);
        setError(e instanceof ApiProblem ? e.message : '読み込めませんでした。');
      });
    return () => {
      live = false;
    };
  }, [query]);

  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of filterNames) {
      const value = String(form.get(name) ?? '').trim();
      if (value) next.set(name, value);
    }
    setParams(next);
  }

  const pages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;
  const goTo = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
  };
  const exportQuery = new URLSearchParams(params);
  exportQuery.delete('page');
  const filtered = filterNames.some((name) => params.has(name));

  return (
    <>
      <h1>操作ログ</h1>
      {/* Keyed by the URL's filters, so going back and forward shows the filters of that page. */}
      <form key={exportQuery.toString()} className="filters" onSubmit={filter} role="search" aria-label="操作ログの絞り込み">
        <div className="field">
          <label htmlFor="audit-staff">職員のログインID</label>
          <input id="audit-staff" name="staff" autoComplete="off" defaultValue={params.get('staff') ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="audit-action">操作</label>
          <select id="audit-action" name="action" defaultValue={params.get('action') ?? ''}>
            <option value="">すべて</option>
            {auditActions.map((a) => (
              <option key={a} value={a}>
                {auditActionLabels[a]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-from">期間（開始日）</label>
          <input id="audit-from" name="from" type="date" defaultValue={params.get('from') ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="audit-to">期間（終了日）</label>
          <input id="audit-to" name="to" type="date" defaultValue={params.get('to') ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="audit-application">受付番号</label>
          <input id="audit-application" name="applicationNumber" autoComplete="off" defaultValue={params.get('applicationNumber') ?? ''} />
        </div>
        <div className="field">
          <button type="submit">絞り込む</button>
        </div>
        {filtered && (
          <div className="field">
            <button type="button" className="secondary" onClick={() => setParams(new URLSearchParams())}>
              条件をクリア
            </button>
          </div>
        )}
      </form>
      <p>
        <a className="button secondary" href={exportUrl('/audit/export.csv', exportQuery.toString())} download>
          {filtered ? '絞り込んだ結果をCSV出力' : 'CSV出力'}
        </a>
      </p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {list && (
        <>
          <table>
            <caption>
              操作ログ（{page}/{pages}ページ、{filtered ? '該当' : '全'}{list.total}件）
            </caption>
            <thead>
              <tr>
                <th scope="col">日時</th>
                <th scope="col">ログインID</th>
                <th scope="col">操作</th>
                <th scope="col">受付番号</th>
                <th scope="col">内容</th>
                <th scope="col">接続元</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((e) => (
                <tr key={e.id}>
                  <td>{formatDateTime(e.at)}</td>
                  <td>{e.staffLoginId}</td>
                  <td>{auditActionLabels[e.action as AuditAction] ?? e.action}</td>
                  <td>{e.applicationNumber ?? ''}</td>
                  <td>{e.detail ?? ''}</td>
                  <td>{e.ipAddress}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav aria-label="ページ" className="pager">
            <button type="button" className="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              前へ
            </button>
            <span>
              {page} / {pages}
            </span>
            <button type="button" className="secondary" disabled={page >= pages} onClick={() => goTo(page + 1)}>
              次へ
            </button>
          </nav>
        </>
      )}
    </>
  );
}
