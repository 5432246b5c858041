// Prints the table of `npm run bench` and writes it to docs/benchmarks.md with the date, the machine
// and its load average (figures of a shared machine are only comparable within one run).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Row } from './common.ts';
import { machine, repoRoot } from './common.ts';

export function report(rows: readonly Row[], startedAt: Date, loadBefore: string): void {
  const m = machine();
  const header = [
    `date: ${startedAt.toISOString()}`,
    `machine: ${m.cpu}, ${m.cores} cores, Node ${process.version}`,
    `load average (1/5/15 min) before: ${loadBefore}; after: ${m.load}`,
  ];
  const lines = ['| section | figure | value | target | met |', '|---|---|---|---|---|'];
  for (const r of rows) lines.push(`| ${r.section} | ${r.name} | ${r.value} | ${r.target ?? ''} | ${r.met === undefined ? '' : r.met ? 'yes' : '**no**'} |`);
  const judged = rows.filter((r) => r.met !== undefined);
  const missed = judged.filter((r) => !r.met);
  header.push(
    `targets met: ${judged.length - missed.length} of ${judged.length}` +
      (missed.length ? `; not met: ${missed.map((r) => `${r.section} / ${r.name}`).join('; ')}` : ''),
  );
  console.log('');
  for (const h of header) console.log(h);
  console.log('');
  for (const l of lines) console.log(l);
  const doc = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (scripts/bench.ts); printed, never asserted. Ratios are of a bare',
    '`node:http` server started by the same run, so they stay comparable when the machine is busy;',
    'absolute figures depend on the load average shown.',
    '',
    ...header.map((h) => `- ${h}`),
    '',
    ...lines,
    '',
  ].join('\n');
  writeFileSync(join(repoRoot, 'docs/benchmarks.md'), doc);
  console.log('\n[bench] written to docs/benchmarks.md');
}
