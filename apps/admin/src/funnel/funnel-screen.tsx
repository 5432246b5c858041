import { useSearchParams } from 'react-router';
import { dropOffs, funnelMethodText, reachedCounts } from '@koza/domain/admin/funnel';
import { funnelQuerySchema, funnelSchema } from '@koza/domain/api/admin-announcements';
import { applicationTypes } from '@koza/domain/constants';
import { applicationTypeLabels } from '@koza/domain/admin/case-view';
import { ApiProblem, exportUrl } from '../api.ts';
import { useApiQuery } from '../queries.ts';
import { useForm } from '../use-form.tsx';
import { FunnelChart } from './funnel-chart.tsx';

const percent = (share: number | null) => (share === null ? '—' : `${(share * 100).toFixed(1)}%`);
const number = (n: number) => n.toLocaleString('ja-JP');

/** The funnel's choices, read from the URL (remounted when it changes: Back and reload keep them). */
function FunnelFilters({ params, query, onShow }: { params: URLSearchParams; query: string; onShow: (choices: Record<string, string>) => void }) {
  const form = useForm({
    prefix: 'funnel',
    initial: { type: params.get('type') ?? 'GENERAL', from: params.get('from') ?? '', to: params.get('to') ?? '' },
    schema: funnelQuerySchema,
    body: (v) => Object.fromEntries(Object.entries(v).filter(([, value]) => value !== '')),
    save: async (body) => onShow(body as Record<string, string>),
    failText: '表示できませんでした。',
  });
  return (
    <form ref={form.formRef} className="filters" onSubmit={form.onSubmit} noValidate>
      <div className="field">
        <label htmlFor={form.id('type')}>申込種別</label>
        <select {...form.field('type')}>
          {applicationTypes.map((t) => (
            <option key={t} value={t}>
              {applicationTypeLabels[t]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={form.id('from')}>開始日</label>
        <input type="date" {...form.field('from')} />
        {form.message('from')}
      </div>
      <div className="field">
        <label htmlFor={form.id('to')}>終了日</label>
        <input type="date" {...form.field('to')} />
        {form.message('to')}
      </div>
      <div className="actions">
        <button type="submit" className="primary">
          表示する
        </button>
        <a className="button secondary" href={exportUrl('/funnel/export.csv', query)} download>
          CSV出力
        </a>
      </div>
    </form>
  );
}

/**
 * The conversion funnel (docs/decisions/0162): views of each step's page per Japan day, for the
 * bank, general or child, and the count that reached each step (never above the step before); a
 * bar chart of the period, the drop-off to the next step, the days, CSV. The choices live in the
 * URL: the form shows what the URL says, never what the last answer said (the flow keeps its choice).
 */
export function FunnelScreen() {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const result = useApiQuery(`/funnel${query ? `?${query}` : ''}`, funnelSchema);
  const funnel = result.data;

  const labels = funnel?.steps.map((s) => s.label) ?? [];
  const reached = funnel ? reachedCounts(funnel.totals) : [];
  const drops = dropOffs(reached);
  const typeLabel = funnel ? applicationTypeLabels[funnel.type] : '';
  const loadError = result.error ? (result.error instanceof ApiProblem ? result.error.message : '読み込めませんでした。') : null;

  return (
    <>
      <h1>申込ファネル</h1>
      <p>{funnelMethodText}</p>
      <FunnelFilters key={query} params={params} query={query} onShow={(body) => setParams(body)} />
      {loadError && (
        <p className="error" role="alert">
          {loadError}
        </p>
      )}
      {funnel && (
        <>
          <h2>
            {typeLabel}：{funnel.from}〜{funnel.to}
          </h2>
          <FunnelChart
            labels={labels}
            counts={reached}
            summary={`ステップ別の到達数の棒グラフ（${typeLabel}、${funnel.from}〜${funnel.to}）。数値は次の表のとおりです。`}
          />
          <table>
            <caption>ステップ別の合計と離脱率</caption>
            <thead>
              <tr>
                <th scope="col">ステップ</th>
                <th scope="col">閲覧数</th>
                <th scope="col">到達数</th>
                <th scope="col">次のステップまでの離脱率</th>
              </tr>
            </thead>
            <tbody>
              {funnel.steps.map((s, i) => (
                <tr key={s.path}>
                  <th scope="row">{s.label}</th>
                  <td className="number">{number(funnel.totals[i] ?? 0)}</td>
                  <td className="number">{number(reached[i] ?? 0)}</td>
                  <td className="number">{percent(drops[i] ?? null)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="table-scroll" role="region" aria-label="日別の閲覧数" tabIndex={0}>
            <table>
              <caption>日別の閲覧数</caption>
              <thead>
                <tr>
                  <th scope="col">日付</th>
                  {labels.map((l) => (
                    <th scope="col" key={l}>
                      {l}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {funnel.days.length === 0 && (
                  <tr>
                    <td colSpan={labels.length + 1}>この期間の閲覧はありません。</td>
                  </tr>
                )}
                {funnel.days.map((d) => (
                  <tr key={d.day}>
                    <th scope="row">{d.day}</th>
                    {d.counts.map((n, i) => (
                      <td className="number" key={i}>
                        {number(n)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}
