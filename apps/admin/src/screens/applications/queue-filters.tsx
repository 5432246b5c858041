import { applicationListQuerySchema, staffBranchListSchema } from '@koza/domain/api/admin';
import { applicationTypeLabels } from '@koza/domain/admin/case-view';
import { adminStatusLabels, reviewStatuses } from '@koza/domain/admin/rules';
import { useApiQuery } from '../../queries.ts';
import { useForm } from '../../use-form.tsx';

export const filterNames = ['status', 'type', 'branch', 'from', 'to', 'minAge', 'applicationNumber', 'kanaName'] as const;
export type Filters = Record<(typeof filterNames)[number], string>;

/** The queue's search: each filter kept in the URL; only what is filled in is sent. */
export function QueueFilters({ params, onSearch }: { params: URLSearchParams; onSearch: (filters: Filters) => void }) {
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
