import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot } from '../../src/config.ts';
import { testTempDir } from '../helpers/app.ts';

// No import cycle (issue 43, decision 0251): `npm run lint` runs dependency-cruiser with the
// repository's .dependency-cruiser.mjs. Here the same command and configuration run on a made-up
// tree: a cycle held by a type-only import, one through a workspace alias (a package whose `exports`
// map to its source, as @koza/* do), one closed by a dynamic import(), and modules without a cycle,
// which it must not name.

const depcruise = join(repoRoot, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');

/** Writes a made-up tree (path → text) and runs the lint's dependency check on it. */
function cruise(files: Record<string, string>) {
  const root = testTempDir('cycles-');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  mkdirSync(join(root, 'node_modules', '@made-up'), { recursive: true });
  symlinkSync(join(root, 'lib'), join(root, 'node_modules', '@made-up', 'lib'));
  const run = spawnSync(process.execPath, [depcruise, '--config', join(repoRoot, '.dependency-cruiser.mjs'), '--output-type', 'err', 'src', 'lib'], {
    cwd: root,
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

it('fails on each cycle, type-only, through a workspace alias or closed by import(), and on nothing else', () => {
  const run = cruise({
    'lib/package.json': JSON.stringify({ name: '@made-up/lib', type: 'module', exports: { './*': './src/*.ts' } }),
    // No cycle: a value import through the alias and a type import.
    'lib/src/limits.ts': 'export const limit = 3;\n',
    'src/clean/form.ts':
      "import { limit } from '@made-up/lib/limits';\nimport type { Shape } from './shape.ts';\nexport const ok = (s: Shape) => s.size <= limit;\n",
    'src/clean/shape.ts': 'export interface Shape { size: number }\n',
    // A cycle held by a type-only import (a route file importing its registrar's types).
    'src/types/routes.ts': "import { part } from './part.ts';\nexport interface Deps { id: string }\nexport const routes = () => part({ id: 'x' });\n",
    'src/types/part.ts': "import type { Deps } from './routes.ts';\nexport const part = (deps: Deps) => deps.id;\n",
    // A cycle through the workspace alias.
    'lib/src/rules.ts': "import type { Size } from '../../src/alias/size.ts';\nexport const rule = (s: Size) => s > 0;\n",
    'src/alias/size.ts': "import { rule } from '@made-up/lib/rules';\nexport type Size = number;\nexport const fits = (s: Size) => rule(s);\n",
    // A cycle closed by a dynamic import().
    'src/dynamic/app.ts': "import { screens } from './screens.ts';\nexport const app = screens;\n",
    'src/dynamic/screens.ts': "export const screens = ['a'];\nexport const loadApp = () => import('./app.ts');\n",
  });
  const reported = [...run.output.matchAll(/no-cycle: (\S+)/g)].map((m) => m[1]);
  expect(reported.map((path) => path?.split('/').slice(0, -1).join('/')).sort(), run.output).toEqual(['lib/src', 'src/dynamic', 'src/types']);
  expect(run.output).toContain('src/alias/size.ts');
  expect(run.output).not.toContain('src/clean');
  expect(run.status).toBe(3);
});
