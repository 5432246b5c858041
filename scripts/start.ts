// `npm start`: everything a fresh checkout needs, then the product on its embedded defaults.
// Builds the postal table and the web app when they are missing or stale, starts the API (+ web)
// on :3000, the eKYC simulator on :3100 and the staff's development identity provider on :3200
// (apps/dev-idp, decision 0253), and prints the three bank URLs.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allBanks } from '@koza/domain/banks/banks';
import { isPostalTableCurrent } from '@koza/data/postal';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();
const apiPort = Number(process.env.PORT ?? 3000);
const simPort = Number(process.env.EKYC_SIM_PORT ?? 3100);
const idpPort = Number(process.env.DEV_IDP_PORT ?? 3200);

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`))));
  });
}

/** Builds a Vite app (the applicant web, the back office) when its sources are newer than its build. */
async function buildIfStale(workspace: 'apps/web' | 'apps/admin', name: string): Promise<void> {
  const dir = join(root, workspace);
  const index = join(dir, 'dist/index.html');
  const sources = Math.max(newestMtime(join(dir, 'src')), newestMtime(join(root, 'packages/domain/src')), statSync(join(dir, 'index.html')).mtimeMs);
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log(`[start] building ${name} …`);
  await run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], dir);
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

const children: ChildProcess[] = [];
function startProcess(name: string, script: string, env: Record<string, string>): void {
  const child = spawn(process.execPath, [script], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    if (shuttingDown) return;
    console.error(`[start] ${name} stopped (${signal ?? code}); stopping everything`);
    shutdown(1);
  });
  children.push(child);
}

let shuttingDown = false;
// The exit status says why: 0 after Ctrl-C or SIGTERM, 1 when a process died on its own, so a
// supervisor that restarts on failure (systemd Restart=on-failure) restarts it. The children are
// given a moment to stop; the exit does not wait for the event loop to empty (an unref'd timer
// used to let the process end with status 0 once its children had gone).
function shutdown(code: number): void {
  if (shuttingDown) return;
  shuttingDown = true;
  process.exitCode = code;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

// What the API needs before it answers, side by side (a fresh clone waited for each in turn): the
// database (postal table built, migrated, reference data loaded: the API's own release step,
// main-migrate.ts) and the two builds. The simulator starts meanwhile; the API starts last, finds the
// database ready and serves the builds from its first answer (docs/decisions/0183-npm-start-in-parallel.md).
// With the postal table already current (a restart) the release step is left to the API, which
// checks in-process and loads only what changed: a separate step would only add a Node start.
const apiEnv: Record<string, string> = {
  PORT: String(apiPort),
  EKYC_PROVIDER_URL: process.env.EKYC_PROVIDER_URL ?? `http://127.0.0.1:${simPort}`,
  // Each bank's staff sign in through the development provider, unless told of another (README).
  ...Object.fromEntries(
    allBanks.map((b) => [`STAFF_OIDC_ISSUER_${b.code}`, process.env[`STAFF_OIDC_ISSUER_${b.code}`] ?? `http://localhost:${idpPort}/${b.code}`]),
  ),
};
// The release step compiles much of what the API then loads (configuration, database, Kysely, the
// data package): in Node's compile cache, the API's own (decision 0180), the API finds it ready.
const compileCache = enableCompileCache().directory;
const migrateEnv = compileCache ? { ...apiEnv, NODE_COMPILE_CACHE: compileCache } : apiEnv;
startProcess('eKYC simulator', 'apps/ekyc-sim/src/server.ts', { PORT: String(simPort) });
startProcess('identity provider', 'apps/dev-idp/src/server.ts', { PORT: String(idpPort) });
try {
  await Promise.all([
    (await isPostalTableCurrent()) ? undefined : run(process.execPath, [join(root, 'apps/api/src/main-migrate.ts')], root, migrateEnv),
    buildIfStale('apps/web', 'the web app').then(() => buildIfStale('apps/admin', 'the back office')),
  ]);
} catch (error) {
  console.error(`[start] ${(error as Error).message}; stopping everything`);
  shutdown(1);
  await new Promise(() => undefined); // shutdown exits
}
startProcess('API', 'apps/api/src/server.ts', apiEnv);
await Promise.all([
  waitFor(`http://127.0.0.1:${apiPort}/api/health`, 120_000),
  waitFor(`http://127.0.0.1:${simPort}/health`, 60_000),
  waitFor(`http://127.0.0.1:${idpPort}/health`, 60_000),
]);

console.log(`\nReady in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
for (const bank of allBanks) console.log(`  ${bank.code} ${bank.name}: http://${bank.devHost}:${apiPort}`);
console.log(`  eKYC simulator:          http://localhost:${simPort}`);
console.log(`  Staff identity provider: http://localhost:${idpPort} (test staff, passwords and codes)`);
console.log(`  Dev mailbox:             http://localhost:${apiPort}/__dev/mailbox\n`);
