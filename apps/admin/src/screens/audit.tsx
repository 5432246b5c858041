import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { auditListSchema } from '@koza/domain/api/admin';
import { auditActionLabels } from '@koza/domain/admin/rules';
import type { AuditAction } from '@koza/domain/admin/rules';
import { ApiProblem, exportUrl, getJson } from '../api.ts';
import { formatDateTime } from '../format.ts';

type AuditList = ReturnType<typeof auditListSchema.parse>;

/** ADMIN: every staff action, newest first; the whole log as CSV. */
export function AuditScreen() {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? '1');
  const [list, setList] = useState<AuditList | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    getJson(`/audit?page=${page}`, auditListSchema)
      .then((l) => live && setList(l))
      .catch((e: unknown) => live && setError(e instanceof ApiProblem ? e.message : '読み込めませんでした。'));
    return () => {
      live = false;
    };
  }, [page]);

  const pages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;

  return (
    <>
      <h1>操作ログ</h1>
      <p>
        <a className="button secondary" href={exportUrl('/audit/export.csv')} download>
          CSV出力
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
              操作ログ（{page}/{pages}ページ、全{list.total}件）
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
            <button type="button" className="secondary" disabled={page <= 1} onClick={() => setParams({ page: String(page - 1) })}>
              前へ
            </button>
            <span>
              {page} / {pages}
            </span>
            <button type="button" className="secondary" disabled={page >= pages} onClick={() => setParams({ page: String(page + 1) })}>
              次へ
            </button>
          </nav>
        </>
      )}
    </>
  );
}
