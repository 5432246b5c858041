import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { applicationListSchema } from '@koza/domain/api/admin';
import { adminStatusLabels, reviewStatuses } from '@koza/domain/admin/rules';
import { ApiProblem, exportUrl, getJson } from '../api.ts';
import { formatDateTime } from '../format.ts';

type List = ReturnType<typeof applicationListSchema.parse>;

const filterNames = ['status', 'type', 'from', 'to', 'applicationNumber', 'kanaName'] as const;
const typeLabels = { GENERAL: '一般', CHILD: '未成年（子）' } as const;

/** The list with its filters in the URL (a search can be bookmarked and the Back button works). */
export function ApplicationsScreen() {
  const [params, setParams] = useSearchParams();
  const [list, setList] = useState<List | null>(null);
  const [error, setError] = useState<string | null>(null);
  const query = params.toString();

  useEffect(() => {
    let live = true;
    setError(null);
    getJson(`/applications${query ? `?${query}` : ''}`, applicationListSchema)
      .then((l) => live && setList(l))
      .catch((e: unknown) => live && setError(e instanceof ApiProblem ? e.message : '一覧を読み込めませんでした。'));
    return () => {
      live = false;
    };
  }, [query]);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of filterNames) {
      const value = String(form.get(name) ?? '').trim();
      if (value) next.set(name, value);
    }
    setParams(next);
  }

  const page = Number(params.get('page') ?? '1');
  const pages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;
  const goTo = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
  };
  const exportQuery = new URLSearchParams(params);
  exportQuery.delete('page');

  return (
    <>
      <h1>申込一覧</h1>
      <form className="filters" onSubmit={search} role="search" aria-label="申込の検索">
        <div className="field">
          <label htmlFor="status">状態</label>
          <select id="status" name="status" defaultValue={params.get('status') ?? ''}>
            <option value="">すべて</option>
            {reviewStatuses.map((s) => (
              <option key={s} value={s}>
                {adminStatusLabels[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="type">申込種別</label>
          <select id="type" name="type" defaultValue={params.get('type') ?? ''}>
            <option value="">すべて</option>
            <option value="GENERAL">{typeLabels.GENERAL}</option>
            <option value="CHILD">{typeLabels.CHILD}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="from">申込完了日（から）</label>
          <input id="from" name="from" type="date" defaultValue={params.get('from') ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="to">申込完了日（まで）</label>
          <input id="to" name="to" type="date" defaultValue={params.get('to') ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="applicationNumber">受付番号</label>
          <input id="applicationNumber" name="applicationNumber" defaultValue={params.get('applicationNumber') ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="kanaName">氏名（カナ）</label>
          <input id="kanaName" name="kanaName" defaultValue={params.get('kanaName') ?? ''} />
        </div>
        <div className="actions">
          <button type="submit">検索</button>
          <a className="button secondary" href={exportUrl('/applications/export.csv', exportQuery.toString())} download>
            CSV出力
          </a>
        </div>
      </form>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {list && (
        <>
          <p role="status">{list.total}件</p>
          <table>
            <caption>申込一覧（{page}/{pages}ページ）</caption>
            <thead>
              <tr>
                <th scope="col">受付番号</th>
                <th scope="col">申込種別</th>
                <th scope="col">状態</th>
                <th scope="col">氏名</th>
                <th scope="col">フリガナ</th>
                <th scope="col">取引店</th>
                <th scope="col">申込完了日時</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((item) => (
                <tr key={item.id}>
                  <td>
                    <Link to={`/applications/${item.id}`}>{item.applicationNumber ?? '（未採番）'}</Link>
                  </td>
                  <td>{typeLabels[item.applicationType]}</td>
                  <td>{adminStatusLabels[item.status] ?? item.status}</td>
                  <td>{item.name}</td>
                  <td>{item.kanaName}</td>
                  <td>{item.branchName}</td>
                  <td>{item.completedAt ? formatDateTime(item.completedAt) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.items.length === 0 && <p>該当するお申込みはありません。</p>}
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
