// The size and doc rules `npm run lint` holds (issue 35): no function over 120 lines in apps/*/src or
// packages/*/src (migrations aside), no screen file over 250 lines, no README or doc naming a file
// that does not exist; and no service touching a file (issue 41, decision 0249). Checked with the project's own ESLint configuration and doc-path script on
// made-up files, so each rule is seen to fail as well as to pass.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.ts';
import { missingDocPaths } from '../../../../scripts/doc-paths.ts';

const eslint = new ESLint({ cwd: repoRoot });

/** A function of `lines` lines in all (its first and last line included). */
const functionOf = (lines: number): string =>
  ['export function long(): number {', '  let n = 0;', ...Array.from({ length: lines - 4 }, () => '  n += 1;'), '  return n;', '}', ''].join('\n');

async function ruleIds(text: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: join(repoRoot, filePath) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('function length', () => {
  it('refuses a function of 121 lines in an app or a package, and allows 120', async () => {
    for (const path of ['apps/api/src/services/platform/made-up.ts', 'packages/domain/src/made-up.ts', 'apps/web/src/lib/made-up.ts']) {
      expect(await ruleIds(functionOf(121), path)).toContain('max-lines-per-function');
      expect(await ruleIds(functionOf(120), path)).not.toContain('max-lines-per-function');
    }
  });

  it('leaves migrations as they were written', async () => {
    expect(await ruleIds(functionOf(300), 'apps/api/src/db/migrations/999-made-up.ts')).not.toContain('max-lines-per-function');
  });
});

describe('screen file length', () => {
  const screen = (lines: number): string =>
    [
      'export function MadeUpScreen() {',
      '  return (',
      '    <div>',
      ...Array.from({ length: lines - 6 }, (_, i) => `      <p>${i}</p>`),
      '    </div>',
      '  );',
      '}',
      '',
    ].join('\n');
  it('refuses a screen file of 251 lines in either app, and allows 250', async () => {
    // (a screen's render function is as long as its file here: only the file rule is asked about)
    for (const path of ['apps/web/src/screens/term/made-up.tsx', 'apps/admin/src/screens/made-up.tsx']) {
      expect(await ruleIds(screen(251), path)).toContain('max-lines');
      expect(await ruleIds(screen(250), path)).not.toContain('max-lines');
    }
  });
});

describe('no file in a service (decision 0249)', () => {
  it('refuses node:fs and the hand-over file adapter in a service, allows its type and the adapter itself', async () => {
    const rule = '@typescript-eslint/no-restricted-imports';
    for (const text of [
      "import { writeFile } from 'node:fs/promises';\nexport const w = writeFile;\n",
      "import { readFileSync } from 'fs';\nexport const r = readFileSync;\n",
      "import { fileHandover } from '../../adapters/handover.ts';\nexport const h = fileHandover;\n",
    ])
      expect(await ruleIds(text, 'apps/api/src/services/staff/made-up.ts'), text).toContain(rule);
    expect(
      await ruleIds(
        "import type { AccountSystemHandover } from '../../adapters/handover.ts';\nexport type H = AccountSystemHandover;\n",
        'apps/api/src/services/platform/made-up.ts',
      ),
    ).not.toContain(rule);
    expect(await ruleIds("import { open } from 'node:fs/promises';\nexport const o = open;\n", 'apps/api/src/adapters/made-up.ts')).not.toContain(rule);
  });
});

describe('paths named by the docs', () => {
  const root = mkdtempSync(join(tmpdir(), 'koza-doc-paths-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  it('names each missing file with its doc and line; decision records keep their paths', () => {
    write('apps/api/src/services/platform/sessions.ts', 'export {};\n');
    write('README.md', '# Made up\n\nSessions: `services/platform/sessions.ts`.\nGone: `apps/api/src/http/text-input.ts`, see https://example.jp/a.ts\n');
    write('docs/architecture.md', 'Built: `dist/prerendered/render.js`; bare name: `sessions.ts`; missing: lib/page-titles.ts.\n');
    write('docs/decisions/0001-old.md', 'Then: `apps/api/src/services/text-input.ts`.\n');
    expect(missingDocPaths(root)).toEqual([
      { doc: 'README.md', line: 4, path: 'apps/api/src/http/text-input.ts' },
      { doc: 'docs/architecture.md', line: 1, path: 'lib/page-titles.ts' },
    ]);
  });

  it('passes on the repository itself', () => {
    expect(missingDocPaths(repoRoot)).toEqual([]);
  });
});
