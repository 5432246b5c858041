import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { dropOffs } from '@koza/domain/admin/funnel';
import { funnelSchema } from '@koza/domain/api/admin-announcements';
import type { Funnel } from '@koza/domain/api/admin-announcements';
import { applicationTypes } from '@koza/domain/constants';
import { exportUrl, getJson } from '../api.ts';
import { useFieldErrors } from '../field-errors.tsx';
import { FunnelChart } from './funnel-chart.tsx';

const typeLabels = { GENERAL: '一般（18歳以上）', CHILD: '未成年（親権者による代理）' } as const;
const percent = (share: number | null) => (share === null ? '—' : `${(share * 100).toFixed(1)}%`);
const number = (n: number) => n.toLocaleString('ja-JP');

/**
 * The conversion funnel (docs/decisions/0162): views of each step's page per Japan day, for the
 * bank, general or child; a bar chart of the period, the drop-off to the next step, the days, CSV.
 */
export function FunnelScreen() {
  const [params, setParams] = useSearchParams();
  const [funnel, setFunnel] = useState<Funnel | null>(null);
  const form = useFieldErrors('funnel');
  const { fail, reset } = form;
  const query = params.toString();

  useEffect(() => {
    let live = true;
    reset();
    getJson(`/funnel${query ? `?${query}` : ''}`, funnelSchema)
      .then((f) => live && setFunnel(f))
      .catch((e: unknown) => live && fail(e, '読み込めませんでした。'));
    return () => {
      live = false;
    };
  }, [query, fail, reset]);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setParams(Object.fromEntries([...data].filter(([, v]) => v !== '').map(([k, v]) => [k, String(v)])));
  }

  const labels = funnel?.steps.map((s) => s.label) ?? [];
  const drops = funnel ? dropOffs(funnel.totals) : [];
  const typeLabel = funnel ? typeLabels[funnel.type] : '';

  return (
    <>
      <h1>申込ファネル</h1>
      <p>お客さまが各ステップの画面を開いた回数（日本時間の日別）です。同じ方が画面を開き直すと再度数えます。個人を特定する情報は記録していません。</p>
      <form key={query} className="filters" onSubmit={search} noValidate>
        <div className="field">
          <label htmlFor={form.id('type')}>申込種別</label>
          <select defaultValue={funnel?.type ?? params.get('type') ?? 'GENERAL'} {...form.input('type')}>
            {applicationTypes.map((t) => (
              <option key={t} value={t}>
                {typeLabels[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={form.id('from')}>開始日</label>
          <input type="date" defaultValue={funnel?.from ?? params.get('from') ?? ''} {...form.input('from')} />
          {form.message('from')}
        </div>
        <div className="field">
          <label htmlFor={form.id('to')}>終了日</label>
          <input type="date" defaultValue={funnel?.to ?? params.get('to') ?? ''} {...form.input('to')} />
        </div>
        <div className="actions">
          <button type="submit">表示する</button>
          <a className="button secondary" href={exportUrl('/funnel/export.csv', query)} download>
            CSV出力
          </a>
        </div>
      </form>
      {form.error && (
        <p className="error" role="alert">
          {form.error}
        </p>
      )}
      {funnel && (
        <>
          <h2>
            {typeLabel}：{funnel.from}〜{funnel.to}
          </h2>
          <FunnelChart
            labels={labels}
            counts={funnel.totals}
            summary={`ステップ別の閲覧数の棒グラフ（${typeLabel}、${funnel.from}〜${funnel.to}）。数値は次の表のとおりです。`}
          />
          <table>
            <caption>ステップ別の合計と離脱率</caption>
            <thead>
              <tr>
                <th scope="col">ステップ</th>
                <th scope="col">閲覧数</th>
                <th scope="col">次のステップまでの離脱率</th>
              </tr>
            </thead>
            <tbody>
              {funnel.steps.map((s, i) => (
                <tr key={s.path}>
                  <th scope="row">{s.label}</th>
                  <td className="number">{number(funnel.totals[i] ?? 0)}</td>
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
