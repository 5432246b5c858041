// `npm run lint` runs this (issue 35): the README and the docs name only files that exist. Every
// token of README.md, docs/*.md, docs/operations/*.md and the packages' READMEs that looks like a
// file path (a name with a known extension, with or without folders) must be a tracked file of the
// repository: a path with folders matches the end of a tracked path (`services/platform/sessions.ts`
// names apps/api/src/services/platform/sessions.ts), a bare name matches a tracked file's name.
// Decision records (docs/decisions/) are dated history and keep the paths of their day; the bench's
// report (docs/benchmarks.md) names the built chunks it measured. Paths under
// what the build and the runs write (dist/, var/, data/generated/, test output) are not tracked and
// not checked; nor are URLs, globs and templates (`KOZA_<bank>_<day>.csv`).
// `--root DIR` checks another tree (the tests).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const extensions = ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json', 'md', 'yml', 'yaml', 'css', 'sh', 'sql', 'html', 'pem', 'heic', 'csv', 'conf', 'txt'];
const pathToken = new RegExp(`(?<![\\w./@:-])((?:\\.{1,2}/)*[\\w@-][\\w@.-]*(?:/[\\w@.-]+)*\\.(?:${extensions.join('|')}))(?![\\w/-]|\\.\\w)`, 'g');
/** Files of the software around the service, named by the runbooks. */
const external = new Set(['postgresql.conf']);
/** Written by the build, the runs and the tests, or outside the repository: never tracked. */
const untracked = /(^|\/)(dist|var|node_modules|generated|test-results|playwright-report|screenshots|tmp)\//;

export interface MissingPath {
  doc: string;
  line: number;
  path: string;
}

/** The docs whose paths are checked: README.md files and docs/ outside docs/decisions/. */
function docsOf(root: string, tracked: readonly string[]): string[] {
  return tracked.filter(
    (f) =>
      f.endsWith('.md') &&
      !f.startsWith('docs/decisions/') &&
      f !== 'docs/benchmarks.md' &&
      (f.startsWith('docs/') || f.endsWith('README.md')) &&
      existsSync(join(root, f)),
  );
}

/** Tracked files of `root` (git), or every file under it when it is not a repository (tests). */
function trackedFiles(root: string): string[] {
  try {
    return execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\n')
      .filter(Boolean);
  } catch {
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : [relative(root, join(dir, d.name))]));
    return walk(root);
  }
}

export function missingDocPaths(root: string): MissingPath[] {
  const tracked = trackedFiles(root);
  // The shared specification beside the project (../shared) is named by the docs too.
  const shared = join(root, '..', 'shared');
  const sharedFiles = existsSync(shared) ? trackedFiles(shared).map((f) => `shared/${f}`) : [];
  const all = [...tracked, ...sharedFiles];
  const names = new Set(all.map((f) => f.slice(f.lastIndexOf('/') + 1)));
  const exists = (token: string): boolean => {
    const path = token.replace(/^(\.{1,2}\/)+/, '');
    if (!path.includes('/')) return names.has(path);
    return all.some((f) => f === path || f.endsWith(`/${path}`));
  };
  const missing: MissingPath[] = [];
  for (const doc of docsOf(root, tracked)) {
    const lines = readFileSync(join(root, doc), 'utf8').split('\n');
    lines.forEach((text, index) => {
      // URLs are not files of the repository.
      const withoutUrls = text.replace(/\b[a-z][a-z+.-]*:\/\/\S+/gi, ' ');
      for (const match of withoutUrls.matchAll(pathToken)) {
        const token = match[1]!;
        if (untracked.test(token) || external.has(token) || /^\d+(\.\d+)+/.test(token)) continue;
        if (!exists(token)) missing.push({ doc, line: index + 1, path: token });
      }
    });
  }
  return missing;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { root: { type: 'string' } } });
  const root = values.root ?? fileURLToPath(new URL('..', import.meta.url));
  const missing = missingDocPaths(root);
  for (const m of missing) console.error(`${m.doc}:${m.line}: names ${m.path}, which is not a file of the repository`);
  if (missing.length > 0) {
    console.error(`Doc paths: ${missing.length} path(s) name no file; correct the doc (decision records keep theirs).`);
    process.exit(1);
  }
  console.log('Doc paths: every file named by the README and docs exists.');
}
