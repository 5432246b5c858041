import { Link, useSearchParams } from 'react-router';
import { applicationListQuerySchema, applicationListSchema, staffBranchListSchema } from '@koza/domain/api/admin';
import type { ApplicationListItem } from '@koza/domain/api/admin';
import { queueViewLabels, queueViews } from '@koza/domain/admin/case';
import type { QueueView } from '@koza/domain/admin/case';
import { adminStatusLabels, reviewStatuses } from '@koza/domain/admin/rules';
import { applicationTypeLabels } from '@koza/domain/admin/case-view';
import { ApiProblem, exportUrl } from '../api.ts';
import { DataTable } from '../data-table.tsx';
import type { Column, SortOrder } from '../data-table.tsx';
import { formatDateTime } from '../format.ts';
import { useApiQuery } from '../queries.ts';
import { useForm } from '../use-form.tsx';

// The work queue: filters, view, order and page live in the URL, so Back, reload and a bookmark
// keep them; the case view's Back link returns to the same URL.

const filterNames = ['status', 'type', 'branch', 'from', 'to', 'minAge', 'applicationNumber', 'kanaName'] as const;
type Filters = Record<(typeof filterNames)[number], string>;

function FiltersForm({ params, onSearch }: { params: URLSearchParams; onSearch: (filters: Filters) => void }) {
  const branches = useApiQuery('/branches', staffBranchListSchema);
  const form = useForm({
    prefix: 'queue',
    initial: Object.fromEntries(filterNames.map((n) => [n, params.get(n) ?? ''])) as Filters,
    schema: applicationListQuerySchema,
    // Only what was filled in is sent: the schema reads absent filters as "any".
    body: (values) =>
      Object.fromEntries(
        Object.entries(values)
          .filter(([, v]) => v.trim() !== '')
          .map(([k, v]) => [k, v.trim()]),
      ),
    save: async (body) => onSearch(body as Filters),
    failText: '検索できませんでした。',
  });
  return (
    <form ref={form.formRef} className="filters" onSubmit={form.onSubmit} role="search" aria-label="申込の検索" noValidate>
      <div className="field">
        <label htmlFor={form.id('status')}>状態</label>
        <select {...form.field('status')}>
          <option value="">すべて</option>
          {reviewStatuses.map((s) => (
            <option key={s} value={s}>
              {adminStatusLabels[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={form.id('type')}>申込種別</label>
        <select {...form.field('type')}>
          <option value="">すべて</option>
          <option value="GENERAL">{applicationTypeLabels.GENERAL}</option>
          <option value="CHILD">{applicationTypeLabels.CHILD}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={form.id('branch')}>取引店</label>
        <select {...form.field('branch')}>
          <option value="">すべて</option>
          {branches.data?.items.map((b) => (
            <option key={b.code} value={b.code}>
              {b.name}（{b.code}）
            </option>
          ))}
        </select>
        {form.message('branch')}
      </div>
      <div className="field">
        <label htmlFor={form.id('from')}>申込完了日（から）</label>
        <input type="date" {...form.field('from')} />
        {form.message('from')}
      </div>
      <div className="field">
        <label htmlFor={form.id('to')}>申込完了日（まで）</label>
        <input type="date" {...form.field('to')} />
        {form.message('to')}
      </div>
      <div className="field">
        <label htmlFor={form.id('minAge')}>経過日数（以上）</label>
        <input type="number" min={0} max={3650} size={4} {...form.field('minAge')} />
        {form.message('minAge')}
      </div>
      <div className="field">
        <label htmlFor={form.id('applicationNumber')}>受付番号</label>
        <input {...form.field('applicationNumber')} />
      </div>
      <div className="field">
        <label htmlFor={form.id('kanaName')}>氏名（カナ）</label>
        <input {...form.field('kanaName')} />
      </div>
      <div className="actions">
        <button type="submit" className="primary">
          検索
        </button>
      </div>
    </form>
  );
}

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

  const columns: Column<ApplicationListItem>[] = [
    {
      key: 'applicationNumber',
      header: '受付番号',
      sortable: true,
      cell: (item) => (
        <Link to={`/applications/${item.id}`} state={{ search: query ? `?${query}` : '' }}>
          {item.applicationNumber ?? '（未採番）'}
        </Link>
      ),
    },
    { key: 'type', header: '申込種別', cell: (item) => applicationTypeLabels[item.applicationType] },
    {
      key: 'status',
      header: '状態',
      sortable: true,
      cell: (item) =>
        `${adminStatusLabels[item.status] ?? item.status}${item.proposed ? (item.status === 'APPROVED' ? '（取消申請済み）' : '（承認申請済み）') : ''}`,
    },
    { key: 'name', header: '氏名', cell: (item) => item.name },
    { key: 'kanaName', header: 'フリガナ', sortable: true, cell: (item) => item.kanaName },
    { key: 'branch', header: '取引店', sortable: true, cell: (item) => (item.branchName ? `${item.branchName}（${item.branchCode ?? ''}）` : '') },
    { key: 'completedAt', header: '申込完了日時', sortable: true, cell: (item) => (item.completedAt ? formatDateTime(item.completedAt) : '') },
    {
      key: 'age',
      header: '経過日数',
      sortable: true,
      className: 'number',
      cell: (item) => (item.overdue ? <span className="age-overdue">{item.ageDays}日（目標超過）</span> : `${item.ageDays}日`),
    },
    { key: 'assignee', header: '担当者', cell: (item) => item.assignee ?? '—' },
  ];

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
      <FiltersForm key={query} params={params} onSearch={search} />
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
