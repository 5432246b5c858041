import { useSearchParams } from 'react-router';
import { auditListQuerySchema, auditListSchema } from '@koza/domain/api/admin';
import type { AuditEntry } from '@koza/domain/api/admin';
import { auditActionLabels, auditActions } from '@koza/domain/admin/rules';
import type { AuditAction } from '@koza/domain/admin/rules';
import { ApiProblem, exportUrl } from '../api.ts';
import { DataTable } from '../data-table.tsx';
import type { Column } from '../data-table.tsx';
import { formatDateTime } from '../format.ts';
import { useApiQuery } from '../queries.ts';
import { useForm } from '../use-form.tsx';

/** The filters, as named in the URL and in GET /api/admin/audit (decision 0221). */
const filterNames = ['staff', 'action', 'from', 'to', 'applicationNumber'] as const;
type Filters = Record<(typeof filterNames)[number], string>;

const columns: Column<AuditEntry>[] = [
  { key: 'at', header: '日時', cell: (e) => formatDateTime(e.at) },
  { key: 'staff', header: 'ログインID', cell: (e) => e.staffLoginId },
  { key: 'action', header: '操作', cell: (e) => auditActionLabels[e.action as AuditAction] ?? e.action },
  { key: 'applicationNumber', header: '受付番号', cell: (e) => e.applicationNumber ?? '' },
  { key: 'detail', header: '内容', cell: (e) => e.detail ?? '' },
  { key: 'ipAddress', header: '接続元', cell: (e) => e.ipAddress },
];

/** The filters' form, read from the URL (remounted when it changes: Back and reload show that page's filters). */
function AuditFilters({ params, onFilter, onClear }: { params: URLSearchParams; onFilter: (filters: Partial<Filters>) => void; onClear?: () => void }) {
  const form = useForm({
    prefix: 'audit',
    initial: Object.fromEntries(filterNames.map((n) => [n, params.get(n) ?? ''])) as Filters,
    schema: auditListQuerySchema,
    body: (values) =>
      Object.fromEntries(
        Object.entries(values)
          .filter(([, v]) => v.trim() !== '')
          .map(([k, v]) => [k, v.trim()]),
      ),
    save: async (body) => onFilter(body as Partial<Filters>),
    failText: '絞り込めませんでした。',
  });
  return (
    <form ref={form.formRef} className="filters" onSubmit={form.onSubmit} role="search" aria-label="操作ログの絞り込み" noValidate>
      <div className="field">
        <label htmlFor={form.id('staff')}>職員のログインID</label>
        <input autoComplete="off" {...form.field('staff')} />
        {form.message('staff')}
      </div>
      <div className="field">
        <label htmlFor={form.id('action')}>操作</label>
        <select {...form.field('action')}>
          <option value="">すべて</option>
          {auditActions.map((a) => (
            <option key={a} value={a}>
              {auditActionLabels[a]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={form.id('from')}>期間（開始日）</label>
        <input type="date" {...form.field('from')} />
        {form.message('from')}
      </div>
      <div className="field">
        <label htmlFor={form.id('to')}>期間（終了日）</label>
        <input type="date" {...form.field('to')} />
        {form.message('to')}
      </div>
      <div className="field">
        <label htmlFor={form.id('applicationNumber')}>受付番号</label>
        <input autoComplete="off" {...form.field('applicationNumber')} />
        {form.message('applicationNumber')}
      </div>
      <div className="field">
        <button type="submit" className="primary">
          絞り込む
        </button>
      </div>
      {onClear && (
        <div className="field">
          <button type="button" className="secondary" onClick={onClear}>
            条件をクリア
          </button>
        </div>
      )}
    </form>
  );
}

/** ADMIN: every staff action, newest first, filtered by member, action, days and application; the same as CSV. */
export function AuditScreen() {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? '1');
  const query = params.toString();
  const list = useApiQuery(`/audit${query ? `?${query}` : ''}`, auditListSchema);
  const data = list.data;

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
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
      <AuditFilters
        key={exportQuery.toString()}
        params={params}
        onFilter={(filters) => setParams(new URLSearchParams(filters as Record<string, string>))}
        onClear={filtered ? () => setParams(new URLSearchParams()) : undefined}
      />
      <p>
        <a className="button secondary" href={exportUrl('/audit/export.csv', exportQuery.toString())} download>
          {filtered ? '絞り込んだ結果をCSV出力' : 'CSV出力'}
        </a>
      </p>
      {list.error && (
        <p className="error" role="alert">
          {list.error instanceof ApiProblem ? list.error.message : '読み込めませんでした。'}
        </p>
      )}
      {list.isPending && <p role="status">読み込み中…</p>}
      {data && !list.error && (
        <>
          <DataTable
            caption={`操作ログ（${page}/${pages}ページ、${filtered ? '該当' : '全'}${data.total}件）`}
            columns={columns}
            rows={data.items}
            rowKey={(e) => e.id}
            empty="該当する操作はありません。"
          />
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
