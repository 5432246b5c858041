import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';

// The funnel's bar chart, drawn with visx (docs/decisions/0163-funnel-chart-library.md): one
// horizontal bar per step, in flow order. The numbers are in the table next to it; the chart is a
// picture of them (role img with a summary).

const width = 760;
const margin = { top: 8, right: 56, bottom: 36, left: 190 };
const barHeight = 26;

export function FunnelChart({ labels, counts, summary }: { labels: readonly string[]; counts: readonly number[]; summary: string }) {
  const height = margin.top + margin.bottom + labels.length * barHeight;
  const y = scaleBand<number>({ domain: labels.map((_, i) => i), range: [margin.top, height - margin.bottom], padding: 0.2 });
  const x = scaleLinear<number>({ domain: [0, Math.max(1, ...counts)], range: [margin.left, width - margin.right], nice: true });
  return (
    <svg className="funnel-chart" width={width} height={height} role="img" aria-label={summary}>
      <Group>
        {counts.map((n, i) => {
          const top = y(i) ?? 0;
          const right = x(n);
          return (
            <Group key={i}>
              <Bar x={margin.left} y={top} width={Math.max(0, right - margin.left)} height={y.bandwidth()} className="funnel-bar" />
              <text x={right + 6} y={top + y.bandwidth() / 2} dominantBaseline="middle" className="funnel-value">
                {n.toLocaleString('ja-JP')}
              </text>
            </Group>
          );
        })}
      </Group>
      <AxisLeft
        left={margin.left}
        scale={y}
        tickFormat={(i) => labels[Number(i)] ?? ''}
        hideTicks
        tickLabelProps={{ className: 'funnel-tick', textAnchor: 'end' }}
      />
      <AxisBottom
        top={height - margin.bottom}
        scale={x}
        numTicks={5}
        tickFormat={(v) => Number(v).toLocaleString('ja-JP')}
        tickLabelProps={{ className: 'funnel-tick', textAnchor: 'middle' }}
      />
    </svg>
  );
}
