import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot } from '../../src/config.ts';
import { testTempDir } from '../helpers/app.ts';

// The bill of materials and the licence check (issue 36, decision 0225): `npm run sbom` writes a
// CycloneDX document of what ships; `npm run licences` (in `npm run lint`, so in CI) fails on a shipped
// package whose licence the allow-list does not name, or that declares none.

const script = (name: string, args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'scripts', name), ...args], { cwd: repoRoot, encoding: 'utf8' });

interface CycloneDx {
  bomFormat: string;
  specVersion: string;
  serialNumber: string;
  version: number;
  metadata: { timestamp: string; component: { type: string; name: string; version: string } };
  components: {
    'bom-ref': string;
    type: string;
    name: string;
    group?: string;
    version: string;
    purl: string;
    licenses?: { license?: { id?: string; name?: string }; expression?: string }[];
  }[];
  dependencies: { ref: string; dependsOn?: string[] }[];
}

it('writes a CycloneDX SBOM of the production dependencies with the fields its schema requires', () => {
  const out = join(testTempDir('sbom-'), 'koza.cdx.json');
  const run = script('sbom.ts', ['--out', out]);
  expect(run.status, run.stderr).toBe(0);
  const bom = JSON.parse(readFileSync(out, 'utf8')) as CycloneDx;
  // Required by the CycloneDX 1.5 JSON schema: bomFormat and specVersion; per component type and name;
  // per licence an id or a name (or an expression); per dependency its ref.
  expect(bom.bomFormat).toBe('CycloneDX');
  expect(bom.specVersion).toMatch(/^1\.[4-6]$/);
  expect(bom.serialNumber).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(bom.version).toBeGreaterThanOrEqual(1);
  expect(new Date(bom.metadata.timestamp).getTime()).not.toBeNaN();
  expect(bom.metadata.component).toMatchObject({ type: 'library', name: 'koza-kaisetsu' });
  const types = new Set([
    'application',
    'framework',
    'library',
    'container',
    'platform',
    'operating-system',
    'device',
    'device-driver',
    'firmware',
    'file',
    'machine-learning-model',
    'data',
  ]);
  for (const c of bom.components) {
    expect(types.has(c.type), `${c.name}: type ${c.type}`).toBe(true);
    expect(c.name, JSON.stringify(c)).toBeTruthy();
    expect(c.purl, c.name).toMatch(/^pkg:npm\//);
    if (!c['bom-ref'].startsWith('@koza/')) expect(c.licenses?.length ?? 0, `${c.name}: its licence`).toBeGreaterThan(0);
    for (const l of c.licenses ?? []) expect(Boolean(l.license?.id || l.license?.name || l.expression), `${c.name}: licence ${JSON.stringify(l)}`).toBe(true);
  }
  for (const d of bom.dependencies) expect(d.ref).toBeTruthy();

  // What ships, with versions and licences; not the tools of development and tests.
  const named = (name: string) => bom.components.find((c) => (c.group ? `${c.group}/${c.name}` : c.name) === name);
  const api = JSON.parse(readFileSync(join(repoRoot, 'apps/api/package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const dep of ['fastify', 'kysely', 'prom-client', 'pg']) {
    expect(named(dep), dep).toMatchObject({ version: api.dependencies[dep], licenses: [expect.anything()] });
  }
  // Also those a development tool uses too, which `npm sbom --omit dev` alone drops (npm/cli#7909).
  for (const dep of ['react', 'react-dom', 'zod']) expect(named(dep), dep).toBeDefined();
  for (const dev of ['vitest', 'eslint', 'typescript', '@playwright/test', '@axe-core/playwright']) expect(named(dev), dev).toBeUndefined();
});

/** A project with the given dependencies installed, each declaring `license` (undefined: none). */
function fixtureProject(dependencies: Record<string, string | undefined>): string {
  const root = testTempDir('licences-');
  const versions = Object.fromEntries(Object.keys(dependencies).map((name) => [name, '1.0.0']));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'fixture', version: '1.0.0', dependencies: versions }));
  for (const [name, license] of Object.entries(dependencies)) {
    mkdirSync(join(root, 'node_modules', name), { recursive: true });
    writeFileSync(join(root, 'node_modules', name, 'package.json'), JSON.stringify({ name, version: '1.0.0', ...(license === undefined ? {} : { license }) }));
  }
  writeFileSync(join(root, 'licences.allowed.json'), JSON.stringify({ allowed: ['MIT', 'Apache-2.0'] }));
  return root;
}

it('passes when every shipped licence is allowed, a choice of licences included', () => {
  const root = fixtureProject({ 'ok-mit': 'MIT', 'ok-choice': '(MIT OR GPL-3.0-only)', 'ok-both': 'MIT AND Apache-2.0' });
  const run = script('licences.ts', ['--root', root]);
  expect(run.status, run.stdout + run.stderr).toBe(0);
  expect(run.stdout).toContain('3 shipped packages, every licence allowed');
});

it('fails on a dependency with a licence not allowed, or with none, and names it', () => {
  const root = fixtureProject({ 'ok-mit': 'MIT', 'copyleft-lib': 'GPL-3.0-only', 'mixed-lib': 'MIT AND AGPL-3.0', 'bare-lib': undefined });
  const run = script('licences.ts', ['--root', root]);
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('3 of 4 shipped packages');
  expect(run.stderr).toContain('copyleft-lib@1.0.0: GPL-3.0-only is not in');
  expect(run.stderr).toContain('mixed-lib@1.0.0: MIT AND AGPL-3.0 is not in');
  expect(run.stderr).toContain('bare-lib@1.0.0: no licence declared');
  expect(run.stderr).not.toContain('ok-mit');
});
