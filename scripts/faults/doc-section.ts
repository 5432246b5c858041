// docs/benchmarks.md holds the figures of `npm run bench` (scripts/bench/report.ts rewrites its own
// part) and, in a section of its own, those of `npm run test:faults`. Each writer replaces only its
// part: the fault section is the text from its heading to the end of the file.
import { existsSync, readFileSync } from 'node:fs';

export const faultsHeading = '## Faults under load (`npm run test:faults`)';

/** The fault section of the file (from its heading to the end), or '' when there is none. */
export function faultsSection(file: string): string {
  if (!existsSync(file)) return '';
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(faultsHeading);
  return at === -1 ? '' : text.slice(at);
}

/** The file's text without the fault section. */
export function withoutFaultsSection(file: string): string {
  if (!existsSync(file)) return '';
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(faultsHeading);
  return at === -1 ? text : text.slice(0, at).replace(/\n+$/, '\n');
}
