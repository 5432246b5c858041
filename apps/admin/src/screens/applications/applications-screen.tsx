import { useSearchParams } from 'react-router';
import { applicationListSchema } from '@koza/domain/api/admin';
import { queueViewLabels, queueViews } from '@koza/domain/admin/case';
import type { QueueView } from '@koza/domain/admin/case';
import { ApiProblem, exportUrl } from '../../api.ts';
import { DataTable } from '../../data-table.tsx';
import type { SortOrder } from '../../data-table.tsx';
import { useApiQuery } from '../../queries.ts';
import { queueColumns } from './queue-columns.tsx';
import { filterNames, QueueFilters, type Filters } from './queue-filters.tsx';

// The work queue: filters, view, order and page live in the URL, so Back, reload and a bookmark
// keep them; the case view's Back link returns to the same URL.

/**
 * The queue's own skip link (issue 32, finding 9): the first tab stop of the screen takes the keyboard
 * past the views, the filters and the sort buttons to the first result (or, without one, to the
 * count), WCAG 2.4.1. The shell's skip link comes before it.
 */
function SkipToResults() {
  return (
    <p>
      <a
        href="#results"
        onClick={(event) => {
          event.preventDefault();
          (document.querySelector<HTMLElement>('#results tbody a') ?? document.getElementById('results-count'))?.focus();
        }}
      >
        検索結果へスキップ
      </a>
    </p>
  );
}

export function ApplicationsScreen() {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const list = useApiQuery(`/applications${query ? `?${query}` : ''}`, applicationListSchema);
  const view = params.get('view') as QueueView | null;
  const sort: SortOrder = { key: params.get('sort') ?? 'completedAt', direction: params.get('order') === 'asc' ? 'asc' : 'desc' };

  const change = (edit: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    edit(next);
    setParams(next);
  };
  const search = (filters: Filters) =>
    change((next) => {
      for (const name of filterNames) next.delete(name);
      for (const [name, value] of Object.entries(filters)) if (value) next.set(name, value);
      next.delete('page');
    });
  const onSort = (order: SortOrder) =>
    change((next) => {
      next.set('sort', order.key);
      next.set('order', order.direction);
      next.delete('page');
    });
  const showView = (v: QueueView | null) =>
    change((next) => {
      if (v) next.set('view', v);
      else next.delete('view');
      next.delete('page');
    });

  const data = list.data;
  const page = Number(params.get('page') ?? '1');
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const exportQuery = new URLSearchParams(params);
  exportQuery.delete('page');

  const columns = queueColumns(query ? `?${query}` : '');

  return (
    <>
      <h1>申込一覧</h1>
      <SkipToResults />
      <nav aria-label="表示の切り替え" className="views">
        <ul className="nav">
          {[null, ...queueViews].map((v) => (
            <li key={v ?? 'all'}>
              <button type="button" className="secondary" aria-pressed={view === v} onClick={() => showView(v)}>
                {v ? queueViewLabels[v] : 'すべて'}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <QueueFilters key={query} params={params} onSearch={search} />
      <p>
        <a className="button secondary" href={exportUrl('/applications/export.csv', exportQuery.toString())} download>
          この条件でCSV出力
        </a>
      </p>
      {list.error && (
        <p className="error" role="alert">
          {list.error instanceof ApiProblem ? list.error.message : '一覧を読み込めませんでした。'}
        </p>
      )}
      {list.isPending && <p role="status">読み込み中…</p>}
      {data && (
        <>
          <p role="status" id="results-count" tabIndex={-1}>
            {data.total}件（経過日数は申込完了からの日数。営業日で{data.targetBusinessDays}日を超えた未審査のお申込みは「目標超過」と表示します）
          </p>
          <div id="results">
            <DataTable
              caption={`申込一覧（${page}/${pages}ページ）`}
              columns={columns}
              rows={data.items}
              rowKey={(item) => item.id}
              sort={sort}
              onSort={onSort}
              empty="該当するお申込みはありません。"
              rowClassName={(item) => (item.overdue ? 'overdue' : undefined)}
            />
          </div>
          <nav aria-label="ページ" className="pager">
            <button type="button" className="secondary" disabled={page <= 1} onClick={() => change((next) => next.set('page', String(page - 1)))}>
              前へ
            </button>
            <span>
              {page} / {pages}
            </span>
            <button type="button" className="secondary" disabled={page >= pages} onClick={() => change((next) => next.set('page', String(page + 1)))}>
              次へ
            </button>
          </nav>
        </>
      )}
    </>
  );
}
