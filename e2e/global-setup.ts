import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeBin, repoRoot, sqliteTemplateEnv, webDir, webDistDir } from './paths.ts';

/** Newest modification time of the files under a path (directories walked, node_modules and dist skipped). */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** The inputs of the web build: a change in any of them makes apps/web/dist stale. */
const buildInputs = [
  join(webDir, 'src'),
  join(webDir, 'index.html'),
  join(webDir, 'vite.config.ts'),
  join(webDir, 'prerender-pages.ts'),
  join(webDir, 'precompress.ts'),
  join(webDir, 'package.json'),
  join(repoRoot, 'packages', 'domain', 'src'),
  join(repoRoot, 'package-lock.json'),
];

/**
 * Before any worker starts: the web and the back office built if stale, and one SQLite database
 * migrated with the reference data (124,130 postal rows), which every worker's server starts from
 * (a file copy, servers.ts) instead of loading them again. Returns the teardown that removes it.
 */
export default function globalSetup(): () => void {
  const template = buildSqliteTemplate();
  buildAdminIfStale();
  buildWebIfStale();
  return () => rmSync(template, { recursive: true, force: true });
}

/** `npm run migrate` into a fresh SQLite file; its path reaches the workers through the environment. */
function buildSqliteTemplate(): string {
  const dir = mkdtempSync(join(tmpdir(), 'koza-e2e-template-'));
  const file = join(dir, 'template.sqlite');
  const result = spawnSync(nodeBin, [join(repoRoot, 'apps', 'api', 'src', 'main-migrate.ts')], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`the template database could not be migrated (exit ${result.status ?? result.signal})\n${result.stderr}`);
  process.env[sqliteTemplateEnv] = file;
  return dir;
}

/** Builds the web once, before any worker starts, if apps/web/dist is missing or older than its sources. */
function buildWebIfStale(): void {
  const builtAt = newestMtime(join(webDistDir, 'index.html'));
  const sourcesAt = Math.max(...buildInputs.map(newestMtime));
  if (builtAt > 0 && builtAt >= sourcesAt && !process.env.E2E_REBUILD) return;

  console.log(builtAt === 0 ? '[e2e] apps/web/dist is missing: building the web' : '[e2e] apps/web/dist is stale: rebuilding the web');
  const vite = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(nodeBin, [vite, 'build', '--logLevel', 'warn'], { cwd: webDir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`web build failed (exit ${result.status ?? result.signal})`);
}

/** The back office's build (apps/admin/dist, served under /admin), rebuilt the same way when stale. */
export function buildAdminIfStale(): void {
  const adminDir = join(repoRoot, 'apps', 'admin');
  const builtAt = newestMtime(join(adminDir, 'dist', 'index.html'));
  const inputs = [
    join(adminDir, 'src'),
    join(adminDir, 'index.html'),
    join(adminDir, 'vite.config.ts'),
    join(repoRoot, 'packages', 'domain', 'src'),
    join(repoRoot, 'package-lock.json'),
  ];
  if (builtAt > 0 && builtAt >= Math.max(...inputs.map(newestMtime)) && !process.env.E2E_REBUILD) return;
  console.log('[e2e] apps/admin/dist is missing or stale: building the back office');
  const vite = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(nodeBin, [vite, 'build', '--logLevel', 'warn'], { cwd: adminDir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`admin build failed (exit ${result.status ?? result.signal})`);
}
