// `npm run start:cluster`: the production topology on one machine (decision 0100). nginx (Debian's
// package, config deploy/nginx/cluster.conf.template) on :3000 round-robins to two API instances on
// :3001 and :3002, both on the PostgreSQL of DATABASE_URL (default: a local database `koza_cluster`
// this script creates), plus the eKYC simulator on :3100. Migrations run once, before any instance
// starts (the rollout order of README "Running at scale"). A process that dies is started again;
// SIGHUP restarts the API instances one after the other; Ctrl-C stops everything.
//
// Environment (all optional): DATABASE_URL, CLUSTER_ADMIN_URL (where `koza_cluster` is created,
// default postgres://postgres@127.0.0.1:5432/postgres), CLUSTER_PORT (3000), API_PORTS ("3001,3002"),
// METRICS_PORTS ("9464,9465"), EKYC_SIM_PORT (3100), CLUSTER_DIR (var/cluster: nginx's config,
// pid, logs and temp files), NGINX (the binary; default: nginx on PATH or /usr/sbin/nginx),
// HANDOVER_DIRS ("dirA,dirB": each instance its own HANDOVER_DIR, as on separate hosts; default: the
// HANDOVER_DIR of the environment for all — the hand-over's exporter is one instance at a time either
// way, decision 0249).

import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { allBanks } from '@koza/domain/banks/banks';
import { ensurePostalTable } from '@koza/data/postal';

const root = fileURLToPath(new URL('..', import.meta.url));
const listenPort = Number(process.env.CLUSTER_PORT ?? 3000);
const apiPorts = (process.env.API_PORTS ?? '3001,3002').split(',').map(Number);
const metricsPorts = (process.env.METRICS_PORTS ?? '9464,9465').split(',').map(Number);
const simPort = Number(process.env.EKYC_SIM_PORT ?? 3100);
const handoverDirs = process.env.HANDOVER_DIRS ? process.env.HANDOVER_DIRS.split(',') : [];
const dir = process.env.CLUSTER_DIR ?? join(root, 'var/cluster');
const adminUrl = process.env.CLUSTER_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const started = Date.now();
/** nginx skips an instance whose connection failed for this long (deploy/nginx/cluster.conf.template). */
const failTimeoutMs = 1000;

const log = (line: string) => console.log(`[cluster] ${line}`);

function nginxBinary(): string {
  if (process.env.NGINX) return process.env.NGINX;
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  throw new Error('nginx is not installed: apt-get install -y nginx (Debian), or set NGINX=/path/to/nginx');
}

/** DATABASE_URL, or a local database koza_cluster (created when missing). */
async function databaseUrl(): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const exists = await client.query("select 1 from pg_database where datname = 'koza_cluster'");
    if (exists.rowCount === 0) {
      await client.query('create database koza_cluster');
      log('created database koza_cluster');
    }
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = '/koza_cluster';
  return url.toString();
}

function run(args: string[], env: Record<string, string>, cwd = root): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (shuttingDown) throw new Error('stopped');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

// Every process the launcher runs. One that dies is started again (with a growing pause), not the
// end of the others: a crash of one instance is one instance fewer for a few seconds, not an outage
// (issue 27). Only a process that keeps dying (5 times within a minute) stops everything, exit 1.
interface Managed {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  child: ChildProcess;
  /** Set while the launcher itself stops it (rolling restart): its exit is expected. */
  replacing: boolean;
  exits: number[];
  /** The instance's port (API instances only). */
  port?: number;
}
const managed: Managed[] = [];
let shuttingDown = false;
const statusPath = join(dir, 'status.json');

/** CLUSTER_DIR/status.json: the processes and their pids, for operators and the fault test. */
function writeStatus(rolling: 'idle' | 'running' = rollingState): void {
  const status = {
    rolling,
    processes: managed.map((m) => ({ name: m.name, pid: m.child.pid ?? null, port: m.port ?? null, restarts: m.exits.length })),
  };
  writeFileSync(statusPath, `${JSON.stringify(status, null, 2)}\n`);
}

function spawnManaged(m: Omit<Managed, 'child' | 'replacing' | 'exits'> & Partial<Pick<Managed, 'exits'>>): Managed {
  const child = spawn(m.command, m.args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...m.env } });
  const entry: Managed = { exits: [], ...m, child, replacing: false };
  child.on('exit', (code, signal) => {
    if (shuttingDown) return;
    if (entry.replacing) return; // the rolling restart starts it again itself
    const now = Date.now();
    entry.exits = [...entry.exits.filter((t) => now - t < 60_000), now];
    if (entry.exits.length >= 5) {
      console.error(`[cluster] ${entry.name} stopped (${signal ?? code}) ${entry.exits.length} times within a minute; stopping everything`);
      shutdown(1);
      return;
    }
    const pause = 250 * 2 ** (entry.exits.length - 1);
    console.error(`[cluster] ${entry.name} stopped (${signal ?? code}); starting it again in ${pause} ms`);
    setTimeout(() => {
      if (shuttingDown) return;
      restart(entry);
    }, pause);
  });
  return entry;
}

function startProcess(name: string, command: string, args: string[], env: Record<string, string> = {}, port?: number): void {
  managed.push(spawnManaged({ name, command, args, env, ...(port === undefined ? {} : { port }) }));
  if (existsSync(dir)) writeStatus();
}

/** Replaces a managed process by a new one of the same command (same slot in `managed`). */
function restart(entry: Managed): Managed {
  const next = spawnManaged({
    name: entry.name,
    command: entry.command,
    args: entry.args,
    env: entry.env,
    exits: entry.exits,
    ...(entry.port === undefined ? {} : { port: entry.port }),
  });
  managed[managed.indexOf(entry)] = next;
  writeStatus();
  return next;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

// SIGHUP: a rolling restart of the API instances, one after the other (README "Running at scale").
// For each: nginx is told first that the instance is down (its upstream line marked `down`, then a
// graceful reload) and the launcher waits until nginx's old worker, the last one that could choose
// it, has exited; only then SIGTERM (readiness 503, listener closed, requests on open connections
// answered, exit). It is started again, and once its /api/ready answers, nginx is told it is up (a
// reload again) before the next one goes down. nginx therefore never opens a connection to an
// instance that is closing its listener: a connection the kernel had accepted into the listen queue
// was reset when the listener closed, and a POST nginx had already written on it answered 502
// (docs/decisions/0210-drain-behind-nginx.md, amendment of 2026-11-29).
let rollingState: 'idle' | 'running' = 'idle';
/** API ports nginx is told are down (their upstream line marked `down`). */
const downPorts = new Set<number>();

/** The pids of the processes whose parent is `pid` (nginx's workers under its master), from /proc. */
function childPids(pid: number): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/**
 * Writes nginx's configuration with `downPorts` marked down and reloads it; resolves once every worker
 * of the old configuration has exited (each finishes its requests in flight first), so no request can
 * go to a port marked down any more. Gives up waiting after `timeoutMs` (a request that is slow to end).
 */
async function reloadNginx(timeoutMs = 15_000): Promise<void> {
  const nginx = managed.find((m) => m.name === 'nginx');
  const master = nginx?.child.pid;
  if (!nginx || master === undefined || nginx.child.exitCode !== null) return;
  const configPath = writeNginxConfig();
  const test = spawnSync(nginx.command, ['-p', dir, '-c', configPath, '-t'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx refused its configuration:\n${test.stderr}`);
  const oldWorkers = childPids(master);
  nginx.child.kill('SIGHUP');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !shuttingDown) {
    const workers = childPids(master);
    // The new configuration's worker is up and none of the old ones is left.
    if (workers.some((w) => !oldWorkers.includes(w)) && !workers.some((w) => oldWorkers.includes(w))) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  log(`nginx's reload did not finish within ${timeoutMs} ms; going on`);
}

async function rollingRestart(): Promise<void> {
  if (rollingState === 'running' || shuttingDown) return;
  rollingState = 'running';
  writeStatus();
  try {
    for (const entry of managed.filter((m) => m.port !== undefined)) {
      if (shuttingDown) return;
      log(`rolling restart: ${entry.name}`);
      downPorts.add(entry.port!);
      await reloadNginx();
      entry.replacing = true;
      entry.child.kill('SIGTERM');
      await exited(entry.child);
      if (shuttingDown) return;
      restart(entry);
      await waitFor(`http://127.0.0.1:${entry.port}/api/ready`, 120_000);
      downPorts.delete(entry.port!);
      await reloadNginx();
    }
    log('rolling restart: done');
  } catch (error) {
    console.error(`[cluster] rolling restart failed: ${(error as Error).message}`);
  } finally {
    rollingState = 'idle';
    if (downPorts.size > 0 && !shuttingDown) {
      downPorts.clear();
      await reloadNginx().catch(() => undefined);
    }
    if (!shuttingDown) writeStatus();
  }
}

function shutdown(code: number): void {
  if (shuttingDown) return;
  shuttingDown = true;
  // nginx: QUIT = graceful (finish open requests); the instances and the simulator: TERM.
  for (const { name, child } of managed) child.kill(name === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
  const force = setTimeout(() => {
    for (const { child } of managed) child.kill('SIGKILL');
    process.exit(code);
  }, 15_000);
  void Promise.all(managed.map(({ child }) => exited(child))).then(() => {
    clearTimeout(force);
    process.exit(code);
  });
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
process.on('SIGHUP', () => void rollingRestart());

function writeNginxConfig(): string {
  for (const sub of ['logs', 'temp']) mkdirSync(join(dir, sub), { recursive: true, mode: 0o777 });
  const template = readFileSync(join(root, 'deploy/nginx/cluster.conf.template'), 'utf8');
  const config = template
    .replaceAll('{{DIR}}', dir)
    .replaceAll('{{LISTEN}}', String(listenPort))
    .replaceAll(
      '{{UPSTREAM_SERVERS}}',
      apiPorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=${failTimeoutMs / 1000}s${downPorts.has(port) ? ' down' : ''};`).join('\n'),
    );
  const path = join(dir, 'nginx.conf');
  writeFileSync(path, config);
  return path;
}

try {
  mkdirSync(dir, { recursive: true });
  const nginx = nginxBinary();
  const url = await databaseUrl();
  await ensurePostalTable();
  if (!process.env.WEB_DIST_DIR && !existsSync(join(root, 'apps/web/dist/index.html'))) {
    log('building the web app …');
    await run([join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {}, join(root, 'apps/web'));
  }

  // 1. Migrations and reference data, once, before any instance (instances would also do it, under a lock).
  await run(['apps/api/src/main-migrate.ts'], { DATABASE_URL: url });

  // 2. The simulator, then the instances (webhooks come back through nginx, to either instance).
  const publicBaseUrl = `http://localhost:${listenPort}`;
  startProcess('eKYC simulator', process.execPath, ['apps/ekyc-sim/src/server.ts'], { PORT: String(simPort), PUBLIC_URL: `http://localhost:${simPort}` });
  apiPorts.forEach((port, i) =>
    startProcess(
      `API :${port}`,
      process.execPath,
      ['apps/api/src/server.ts'],
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        EKYC_PROVIDER_URL: process.env.EKYC_PROVIDER_URL ?? `http://127.0.0.1:${simPort}`,
        // The cluster starts no staff identity provider (npm start does): its back office signs in
        // locally unless a bank's provider is given (STAFF_OIDC_ISSUER_<code>; decision 0253).
        ...Object.fromEntries(allBanks.map((b) => [`STAFF_OIDC_ISSUER_${b.code}`, process.env[`STAFF_OIDC_ISSUER_${b.code}`] ?? 'off'])),
        PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL ?? publicBaseUrl,
        // nginx (on this machine) is the only proxy whose X-Forwarded-For and X-Request-Id count.
        TRUST_PROXY: process.env.TRUST_PROXY ?? '127.0.0.1',
        METRICS_PORT: String(metricsPorts[i] ?? 9464 + i),
        ...(handoverDirs[i] ? { HANDOVER_DIR: handoverDirs[i] } : {}),
        // Longer than nginx's upstream keepalive_timeout (1 s): nginx closes idle connections first.
        SHUTDOWN_IDLE_CLOSE_MS: process.env.SHUTDOWN_IDLE_CLOSE_MS ?? '3000',
      },
      port,
    ),
  );
  await Promise.all([...apiPorts.map((port) => waitFor(`http://127.0.0.1:${port}/api/ready`, 120_000)), waitFor(`http://127.0.0.1:${simPort}/health`, 60_000)]);

  // 3. nginx in the foreground, its own prefix and config.
  const configPath = writeNginxConfig();
  const test = spawnSync(nginx, ['-p', dir, '-c', configPath, '-t'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx refused its configuration:\n${test.stderr}`);
  startProcess('nginx', nginx, ['-p', dir, '-c', configPath, '-g', 'daemon off;']);
  await waitFor(`http://127.0.0.1:${listenPort}/api/ready`, 30_000);

  console.log(`\nCluster ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  for (const bank of allBanks) console.log(`  ${bank.code} ${bank.name}: http://${bank.devHost}:${listenPort}`);
  console.log(`  API instances:           ${apiPorts.map((p) => `http://127.0.0.1:${p}`).join(', ')}`);
  console.log(`  Metrics:                 ${apiPorts.map((_, i) => `http://127.0.0.1:${metricsPorts[i] ?? 9464 + i}/metrics`).join(', ')}`);
  console.log(`  eKYC simulator:          http://localhost:${simPort}`);
  console.log(`  nginx:                   ${configPath} (logs in ${join(dir, 'logs')})`);
  console.log(`  Rolling restart:         kill -HUP ${process.pid}   (processes: ${statusPath})\n`);
} catch (error) {
  console.error(`[cluster] ${error instanceof Error ? error.message : String(error)}`);
  shutdown(1);
}
