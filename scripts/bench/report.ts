// Prints the table of `npm run bench` and writes it to docs/benchmarks.md with the date, the machine
// and its load average (figures of a shared machine are only comparable within one run).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Row } from './common.ts';
import { machine, repoRoot } from './common.ts';
import { benchPart, laterSections } from '../faults/doc-section.ts';

/**
 * The rows of the previous docs/benchmarks.md whose section this run did not measure (a run with
 * BENCH_SKIP), kept with the date of the run that measured them, so that a partial run does not
 * lose the other figures.
 */
function earlierRows(file: string, measured: ReadonlySet<string>): string[] {
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  const date = /^- date: (\S+)/m.exec(text)?.[1]?.slice(0, 10) ?? 'an earlier run';
  return benchPart(text)
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| section |'))
    .filter((line) => {
      const section = line.split('|')[1]?.trim() ?? '';
      return !measured.has(section.replace(/ \(earlier run, [^)]*\)$/, ''));
    })
    .map((line) =>
      line.replace(
        /^\| ([^|]*?) (\(earlier run, [^)]*\) )?\|/,
        (_, section: string, earlier?: string) => `| ${section} ${earlier ?? `(earlier run, ${date}) `}|`,
      ),
    );
}

export function report(rows: readonly Row[], startedAt: Date, loadBefore: string): void {
  const m = machine();
  const docFile = join(repoRoot, 'docs/benchmarks.md');
  const kept = earlierRows(docFile, new Set(rows.map((r) => r.section)));
  const header = [
    `date: ${startedAt.toISOString()}`,
    `machine: ${m.cpu}, ${m.cores} cores, Node ${process.version}`,
    `load average (1/5/15 min) before: ${loadBefore}; after: ${m.load}`,
  ];
  const lines = ['| section | figure | value | target | met |', '|---|---|---|---|---|'];
  for (const r of rows) lines.push(`| ${r.section} | ${r.name} | ${r.value} | ${r.target ?? ''} | ${r.met === undefined ? '' : r.met ? 'yes' : '**no**'} |`);
  lines.push(...kept);
  const judged = rows.filter((r) => r.met !== undefined);
  const missed = judged.filter((r) => !r.met);
  header.push(
    `targets met: ${judged.length - missed.length} of ${judged.length}` +
      (missed.length ? `; not met: ${missed.map((r) => `${r.section} / ${r.name}`).join('; ')}` : ''),
  );
  if (kept.length > 0) header.push(`${kept.length} rows marked "(earlier run, date)" were not measured by this run (BENCH_SKIP) and are not counted above`);
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
  // The sections after the bench's part (`npm run test:faults`, the checks' timings) are kept as they were.
  const later = laterSections(docFile);
  writeFileSync(docFile, later ? `${doc}\n${later}` : doc);
  console.log('\n[bench] written to docs/benchmarks.md');
}
