// docs/benchmarks.md holds the figures of `npm run bench` (scripts/bench/report.ts rewrites its own
// part: the text before the first section heading, `## …`) and, in sections of their own, those of
// `npm run test:faults` and the timings of the checks (typecheck and lint, written by hand). Each
// writer replaces only its part: a section runs from its heading to the next `## ` heading or the end.
import { existsSync, readFileSync } from 'node:fs';

export const faultsHeading = '## Faults under load (`npm run test:faults`)';

const read = (file: string): string => (existsSync(file) ? readFileSync(file, 'utf8') : '');

/** The sections after the bench's own part (from the first `## ` heading), as they are, or ''. */
export function laterSections(file: string): string {
  const text = read(file);
  const at = text.search(/^## /m);
  return at === -1 ? '' : text.slice(at);
}

/** The bench's own part of the file: the text before the first `## ` heading. */
export function benchPart(text: string): string {
  const at = text.search(/^## /m);
  return at === -1 ? text : text.slice(0, at);
}

/** The file's text without the fault section (the other sections stay where they are). */
export function withoutFaultsSection(file: string): string {
  const text = read(file);
  const at = text.indexOf(faultsHeading);
  if (at === -1) return text;
  const next = text.slice(at + faultsHeading.length).search(/^## /m);
  const rest = next === -1 ? '' : text.slice(at + faultsHeading.length + next);
  return `${text.slice(0, at)}${rest}`.replace(/\n+$/, '\n');
}
