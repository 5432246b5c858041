// `npm run test:faults`: the cluster (`npm run start:cluster`: nginx → two API instances →
// PostgreSQL) under concurrent applicants while things break, as an operations team would break
// them (issue 27). PostgreSQL is a server of this test's own (initdb, its own port), so it can be
// stopped. Each applicant saves every step of the general flow (personal — a new building name each
// time —, workplace, branch, seal-less) again and again
// and reads it back, through nginx, with the web client's policy: an idempotent call (the saves,
// every GET) is sent once more after a 502/503/504 or a network error (apps/web/src/api/client.ts).
//
// Scenarios, one after the other, load running throughout:
//   1. kill -9 of one instance: no answer the applicant sees fails; the launcher starts the instance again.
//   2. a rolling restart of both instances (SIGHUP to the launcher): 0 failed requests, not even
//      before the client's retry.
//   3. PostgreSQL stopped for 10 s, then started: answers are 503 within DB_CONNECT_TIMEOUT_MS (no
//      500, no hang), /api/ready 503 then 200, no instance restarts, saves succeed again within 5 s.
//   4. `npm start` exits non-zero when its API process is killed.
// After each: every acknowledged save is what the API gives back (0 lost), and no read was older
// than an acknowledged save. Prints the figures and writes them to docs/benchmarks.md (own section).
// Exit 1 when a check fails.
//
// Ports 47100–47112 (FAULTS_PORT_BASE moves them); work files in var/faults.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, openSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generalStepSaves, personalPayload } from './bench/applicant.ts';
import { OwnPostgres } from './faults/own-postgres.ts';
import { faultsHeading, withoutFaultsSection } from './faults/doc-section.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const portBase = Number(process.env.FAULTS_PORT_BASE ?? 47100);
const ports = {
  postgres: portBase,
  cluster: portBase + 1,
  api: [portBase + 2, portBase + 3],
  metrics: [portBase + 4, portBase + 5],
  sim: portBase + 6,
  start: portBase + 10,
  startSim: portBase + 11,
};
const applicants = Number(process.env.FAULTS_APPLICANTS ?? 20);
const dbConnectTimeoutMs = 2000;
const work = join(root, 'var/faults');
const base = `http://127.0.0.1:${ports.cluster}`;
const started = Date.now();

const log = (line: string) => console.log(`[faults] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 120_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await sleep(everyMs);
  }
}

async function status(url: string): Promise<number> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

// ---------------------------------------------------------------- the applicants

interface Answer {
  status: number; // 0: no answer (network error)
  ms: number;
}

/** Counters of one scenario. */
class Tally {
  requests = 0;
  /** Answers other than 2xx as the proxy gave them, before the client's retry. */
  firstTry = new Map<string, number>();
  /** Calls that failed for the applicant (after the retry), by status. */
  failed = new Map<string, number>();
  retriedOk = 0;
  staleReads = 0;
  /** The slowest non-2xx answer (ms). */
  slowestFailure = 0;
  add(map: Map<string, number>, key: string): void {
    map.set(key, (map.get(key) ?? 0) + 1);
  }
  count(map: Map<string, number>): number {
    return [...map.values()].reduce((a, b) => a + b, 0);
  }
  show(map: Map<string, number>): string {
    return map.size === 0 ? '0' : `${this.count(map)} (${[...map.entries()].map(([k, v]) => `${k}: ${v}`).join(', ')})`;
  }
}

const isIdempotent = (method: string, path: string) => method === 'GET' || /^\/api\/(applications\/|application-complete$)/.test(path);
const retryable = new Set([0, 502, 503, 504]);

class Applicant {
  readonly n: number;
  token = '';
  /** The last save the API acknowledged (204), and the last one sent. */
  acked = 0;
  sent = 0;
  ackedInPhase = 0;
  constructor(n: number) {
    this.n = n;
  }

  private async once(method: string, path: string, body: unknown): Promise<Answer & { json?: unknown }> {
    const t0 = Date.now();
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: response.status, ms: Date.now() - t0, json };
    } catch {
      return { status: 0, ms: Date.now() - t0 };
    }
  }

  /** One call with the web client's policy (one retry of an idempotent call after 500 ms). */
  async call(tally: Tally, method: string, path: string, body?: unknown): Promise<Answer & { json?: unknown }> {
    tally.requests++;
    let answer = await this.once(method, path, body);
    if (answer.status >= 300 || answer.status === 0) {
      tally.add(tally.firstTry, `${method} ${answer.status || 'no answer'}`);
      tally.slowestFailure = Math.max(tally.slowestFailure, answer.ms);
      if (isIdempotent(method, path) && retryable.has(answer.status)) {
        await sleep(500);
        tally.requests++;
        answer = await this.once(method, path, body);
        if (answer.status >= 200 && answer.status < 300) tally.retriedOk++;
        else tally.slowestFailure = Math.max(tally.slowestFailure, answer.ms);
      }
      if (answer.status >= 300 || answer.status === 0) tally.add(tally.failed, `${method} ${answer.status || 'no answer'}`);
    }
    return answer;
  }

  subAddress(n: number): { subAddress: string; kanaSubAddress: string } {
    return { subAddress: `天神ハイツ${n}`, kanaSubAddress: `ﾃﾝｼﾞﾝﾊｲﾂ${n}` };
  }

  /**
   * One turn: every step save of the general flow in order (the personal data with a new building
   * name each time, then the workplace, the branch and seal-less), then the application read back.
   * A turn is acknowledged when all four saves were.
   */
  async turn(tally: Tally): Promise<boolean> {
    const n = ++this.sent;
    let saved = true;
    for (const [path, body] of generalStepSaves) {
      const payload = path.endsWith('/personal') ? { ...body, ...this.subAddress(n) } : body;
      if ((await this.call(tally, 'POST', path, payload)).status !== 204) {
        saved = false;
        break;
      }
    }
    if (saved) {
      this.acked = n;
      this.ackedInPhase++;
    }
    const read = await this.call(tally, 'GET', '/api/applications');
    if (read.status === 200) {
      const seen = savedNumber(read.json);
      if (seen !== null && seen < this.acked) tally.staleReads++;
    }
    return saved && read.status === 200;
  }
}

function savedNumber(json: unknown): number | null {
  const text = JSON.stringify(json ?? null);
  const match = /天神ハイツ(\d+)/.exec(text);
  return match ? Number(match[1]) : null;
}

/** Whether the later steps of an acknowledged turn are all there: the workplace, the branch, seal-less. */
function laterStepsSaved(json: unknown): boolean {
  const application = (json as { application?: Record<string, unknown> } | null)?.application;
  return typeof application?.workplaceName === 'string' && application.branchCode === '100' && application.sealLess === true;
}

async function signIn(a: Applicant): Promise<void> {
  const mailAddress = `faults.${started}.${a.n}@example.jp`;
  const post = (path: string, body: object) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const entry = { bankCode: '0177', mailAddress, applicationType: 'GENERAL' };
  const register = await post('/api/verification-codes/register', entry);
  if (register.status !== 204) throw new Error(`register answered ${register.status}: ${await register.text()}`);
  const code = await until('the verification mail', async () => {
    const mails = (await (await fetch(`${base}/__dev/mails?to=${encodeURIComponent(mailAddress)}`)).json()) as { text: string }[];
    return /(\d{6})/.exec(mails[0]?.text ?? '')?.[1];
  });
  const verify = await post('/api/verification-codes/verify', { ...entry, verificationCode: code, channel: null, deviceId: null });
  if (verify.status !== 200) throw new Error(`verify answered ${verify.status}: ${await verify.text()}`);
  a.token = ((await verify.json()) as { authenticationToken: string }).authenticationToken;
}

/** Runs every applicant's turns until `stop()`; resolves with the tally once they have all stopped. */
function load(people: Applicant[]): { tally: Tally; stop: () => Promise<Tally> } {
  const tally = new Tally();
  let stopping = false;
  for (const a of people) a.ackedInPhase = 0;
  const loops = people.map(async (a) => {
    while (!stopping) {
      const ok = await a.turn(tally);
      if (!ok) await sleep(200); // a failing applicant does not spin
    }
  });
  return {
    tally,
    stop: async () => {
      stopping = true;
      await Promise.all(loops);
      return tally;
    },
  };
}

/** Until every applicant has had `n` more saves acknowledged in this phase. */
const everyoneSaved = (people: Applicant[], n: number, timeoutMs = 120_000) =>
  until(`${n} acknowledged saves per applicant`, () => people.every((a) => a.ackedInPhase >= n), timeoutMs);

/** Every acknowledged save is what the API gives back now (the last acknowledged one, or a later one sent). */
async function lostSaves(people: Applicant[]): Promise<number> {
  let lost = 0;
  for (const a of people) {
    const response = await fetch(`${base}/api/applications`, { headers: { authorization: `Bearer ${a.token}` } });
    const json: unknown = response.status === 200 ? await response.json() : null;
    const seen = savedNumber(json);
    if (seen === null || seen < a.acked || seen > a.sent || (a.acked > 0 && !laterStepsSaved(json))) lost++;
  }
  return lost;
}

// ---------------------------------------------------------------- the cluster

interface ClusterStatus {
  rolling: 'idle' | 'running';
  processes: { name: string; pid: number | null; port: number | null; restarts: number }[];
}
const readStatus = (): ClusterStatus => JSON.parse(readFileSync(join(work, 'cluster/status.json'), 'utf8')) as ClusterStatus;
const accessLog = () => join(work, 'cluster/logs/access.log');
/** Lines nginx logged since `from` (a byte offset) for requests it sent to more than one instance. */
function resentByNginx(from: number): { resent: number; lines: string[] } {
  const text = readFileSync(accessLog()).subarray(from).toString('utf8');
  const lines = text.split('\n').filter((l) => /upstream=\S+, /.test(l));
  return { resent: lines.length, lines };
}
const logOffset = () => (existsSync(accessLog()) ? readFileSync(accessLog()).length : 0);
const instancePids = () =>
  readStatus()
    .processes.filter((p) => p.port !== null)
    .map((p) => p.pid);

function startCluster(databaseUrl: string, webDist: string): ChildProcess {
  const out = openSync(join(work, 'cluster.log'), 'w');
  return spawn(process.execPath, ['scripts/start-cluster.ts'], {
    cwd: root,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      CLUSTER_PORT: String(ports.cluster),
      API_PORTS: ports.api.join(','),
      METRICS_PORTS: ports.metrics.join(','),
      EKYC_SIM_PORT: String(ports.sim),
      CLUSTER_DIR: join(work, 'cluster'),
      WEB_DIST_DIR: webDist,
      ADMIN_DIST_DIR: webDist,
      LOG_LEVEL: 'warn',
      DB_CONNECT_TIMEOUT_MS: String(dbConnectTimeoutMs),
    },
  });
}

// ---------------------------------------------------------------- the scenarios

interface Figure {
  scenario: string;
  name: string;
  value: string;
  ok: boolean;
}
const figures: Figure[] = [];
const figure = (scenario: string, name: string, value: string | number, ok = true) => {
  figures.push({ scenario, name, value: String(value), ok });
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${scenario}: ${name}: ${value}`);
};

async function killOne(people: Applicant[]): Promise<void> {
  const s = 'kill -9 of one instance';
  log(`${s} …`);
  const { tally, stop } = load(people);
  await everyoneSaved(people, 2);
  const [victim, survivor] = instancePids();
  const offset = logOffset();
  const killedAt = Date.now();
  process.kill(victim!, 'SIGKILL');
  await until('the launcher started the instance again', () => {
    const pids = instancePids();
    return pids[0] !== victim && pids[0] ? pids[0] : undefined;
  });
  await until('the new instance is ready', async () => (await status(`http://127.0.0.1:${ports.api[0]}/api/ready`)) === 200);
  const back = (Date.now() - killedAt) / 1000;
  for (const a of people) a.ackedInPhase = 0;
  await everyoneSaved(people, 3);
  await stop();
  const lost = await lostSaves(people);
  figure(s, 'requests', tally.requests);
  figure(s, 'answers other than 2xx before the client retry', tally.show(tally.firstTry));
  const resent = resentByNginx(offset);
  const byMethod = (m: string) => resent.lines.filter((l) => l.includes(`"${m} `)).length;
  figure(
    s,
    'requests nginx resent to the other instance (connection refused or lost in flight)',
    `${resent.resent} (GET ${byMethod('GET')}, POST ${byMethod('POST')})`,
  );
  figure(s, 'calls retried by the client and then answered', tally.retriedOk);
  figure(s, 'failed calls seen by an applicant', tally.show(tally.failed), tally.count(tally.failed) === 0);
  figure(s, 'acknowledged saves lost', lost, lost === 0);
  figure(s, 'reads older than an acknowledged save', tally.staleReads, tally.staleReads === 0);
  figure(s, 'the other instance kept running (same pid)', instancePids()[1] === survivor ? 'yes' : 'no', instancePids()[1] === survivor);
  figure(s, 'killed instance started again by the launcher (new pid) and ready', `${back.toFixed(1)} s`);
}

async function rollingRestart(people: Applicant[], launcher: ChildProcess): Promise<void> {
  const s = 'rolling restart';
  log(`${s} …`);
  const { tally, stop } = load(people);
  await everyoneSaved(people, 2);
  const before = instancePids();
  const offset = logOffset();
  const t0 = Date.now();
  launcher.kill('SIGHUP');
  await until('the rolling restart to begin', () => readStatus().rolling === 'running', 10_000, 20);
  await until('the rolling restart to end', () => {
    const st = readStatus();
    const pids = instancePids();
    return st.rolling === 'idle' && pids.every((p, i) => p !== before[i]);
  });
  const took = (Date.now() - t0) / 1000;
  for (const a of people) a.ackedInPhase = 0;
  await everyoneSaved(people, 2);
  await stop();
  const lost = await lostSaves(people);
  figure(s, 'requests', tally.requests);
  figure(s, 'requests nginx resent to the other instance (connection refused)', resentByNginx(offset).resent);
  figure(s, 'answers other than 2xx (before any client retry)', tally.show(tally.firstTry), tally.count(tally.firstTry) === 0);
  figure(s, 'failed calls seen by an applicant', tally.show(tally.failed), tally.count(tally.failed) === 0);
  figure(s, 'acknowledged saves lost', lost, lost === 0);
  figure(s, 'reads older than an acknowledged save', tally.staleReads, tally.staleReads === 0);
  figure(s, 'both instances restarted, one after the other', `${took.toFixed(1)} s`);
}

async function databaseOutage(people: Applicant[], pg: OwnPostgres): Promise<void> {
  const s = 'PostgreSQL stopped for 10 s';
  log(`${s} …`);
  const { tally, stop } = load(people);
  await everyoneSaved(people, 2);
  const pids = instancePids();
  const stoppedAt = Date.now();
  pg.stop();
  // What an applicant gets while the database is away: 503, quickly.
  const first503 = await until('a 503 through nginx', async () => {
    const a = people[0]!;
    const r = await fetch(`${base}/api/applications/personal`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...personalPayload, ...a.subAddress(0) }),
    });
    await r.arrayBuffer();
    return r.status === 503 ? Date.now() - stoppedAt : undefined;
  });
  const readyDown = await until('/api/ready 503 on both instances', async () => {
    const codes = await Promise.all(ports.api.map((p) => status(`http://127.0.0.1:${p}/api/ready`)));
    return codes.every((c) => c === 503) ? codes : undefined;
  });
  // The scenario is a 10-second outage: the load goes on meanwhile.
  await sleep(Math.max(0, 10_000 - (Date.now() - stoppedAt)));
  const outageTally = { ...tally, firstTry: new Map(tally.firstTry), failed: new Map(tally.failed) };
  const slowest = tally.slowestFailure;
  pg.start();
  const restartedAt = Date.now();
  for (const a of people) a.ackedInPhase = 0;
  await until(
    '/api/ready 200 on both instances',
    async () => (await Promise.all(ports.api.map((p) => status(`http://127.0.0.1:${p}/api/ready`)))).every((c) => c === 200),
    60_000,
    50,
  );
  const readyAfter = (Date.now() - restartedAt) / 1000;
  await until('a save acknowledged', () => people.some((a) => a.ackedInPhase > 0), 60_000, 20);
  const serving = (Date.now() - restartedAt) / 1000;
  await everyoneSaved(people, 2);
  await stop();
  const lost = await lostSaves(people);
  const unexpected = [...outageTally.failed.keys(), ...outageTally.firstTry.keys()].filter((k) => !/ 503$/.test(k));
  figure(s, 'requests', tally.requests);
  figure(s, 'answers other than 2xx during the outage (before the client retry)', tally.show(outageTally.firstTry));
  figure(s, 'answers other than 503 during the outage', unexpected.length === 0 ? 'none' : unexpected.join(', '), unexpected.length === 0);
  figure(s, 'first 503 through nginx after the stop', `${first503} ms`);
  figure(s, `slowest failed answer (DB_CONNECT_TIMEOUT_MS ${dbConnectTimeoutMs} ms)`, `${slowest} ms`, slowest <= dbConnectTimeoutMs + 1000);
  figure(s, '/api/ready while stopped', readyDown.join(', '), true);
  figure(s, '/api/ready 200 on both instances after the start', `${readyAfter.toFixed(1)} s`, readyAfter <= 5);
  figure(s, 'first acknowledged save after the start', `${serving.toFixed(1)} s`, serving <= 5);
  figure(
    s,
    'instances restarted',
    instancePids().every((p, i) => p === pids[i]) ? 'none' : 'some',
    instancePids().every((p, i) => p === pids[i]),
  );
  figure(s, 'acknowledged saves lost', lost, lost === 0);
  figure(s, 'reads older than an acknowledged save', tally.staleReads, tally.staleReads === 0);
}

async function npmStartExitStatus(webDist: string): Promise<void> {
  const s = '`npm start` when its API dies';
  log(`${s} …`);
  const dataDir = join(work, 'start');
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    stdio: ['ignore', openSync(join(work, 'start.log'), 'w'), openSync(join(work, 'start.log'), 'a')],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(ports.start),
      EKYC_SIM_PORT: String(ports.startSim),
      DATABASE_URL: `sqlite:${join(dataDir, 'koza.sqlite')}`,
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'warn',
      METRICS_PORT: 'off',
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    await until('npm start ready', async () => (await status(`http://127.0.0.1:${ports.start}/api/health`)) === 200, 300_000, 200);
    const apiPid = await until('the API process', () => {
      const ps = spawnSync('pgrep', ['-P', String(child.pid), '-f', 'apps/api/src/server.ts'], { encoding: 'utf8' }).stdout ?? '';
      const pid = Number(ps.trim().split('\n')[0]);
      return pid > 0 ? pid : undefined;
    });
    process.kill(apiPid, 'SIGKILL');
    const code = await exited;
    figure(s, 'exit status after kill -9 of its API', String(code), code !== 0 && code !== null);
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
}

// ---------------------------------------------------------------- the run

function writeDoc(passed: boolean): void {
  const file = join(root, 'docs/benchmarks.md');
  const kept = withoutFaultsSection(file);
  const by = new Map<string, Figure[]>();
  for (const f of figures) by.set(f.scenario, [...(by.get(f.scenario) ?? []), f]);
  const lines = [
    faultsHeading,
    '',
    'Written by `npm run test:faults` (scripts/faults.ts): checks, not only figures — the run fails when one',
    "fails, and that line is marked **check failed** here. nginx → two API instances → a PostgreSQL of the test's own, " +
      `${applicants} applicants each saving the general flow's four steps (personal, workplace, branch, seal-less) and reading them back through nginx, with the web client's retry`,
    'of idempotent calls (docs/decisions/0210-drain-behind-nginx.md).',
    '',
    `- date: ${new Date().toISOString()}`,
    `- machine: ${cpus()[0]?.model ?? 'unknown'}, ${cpus().length} cores, Node ${process.version}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}`,
    `- result: ${passed ? 'every check passed' : 'a check FAILED'}; ${((Date.now() - started) / 1000).toFixed(0)} s`,
    '',
  ];
  for (const [scenario, list] of by) {
    lines.push(`### ${scenario}`, '');
    for (const f of list) lines.push(`- ${f.name}: ${f.value}${f.ok ? '' : ' — **check failed**'}`);
    lines.push('');
  }
  writeFileSync(file, `${kept.replace(/\n*$/, '\n')}\n${lines.join('\n')}`);
  log('written to docs/benchmarks.md');
}

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const webDist = join(work, 'web');
mkdirSync(webDist, { recursive: true });
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>faults</title>');

// Under the system's temporary directory: when the test runs as root the server runs as `postgres`,
// which may not be allowed into the checkout.
const pg = new OwnPostgres(join(tmpdir(), `koza-faults-postgres-${ports.postgres}`), ports.postgres);
let launcher: ChildProcess | undefined;
let failed = false;
try {
  log(`PostgreSQL of its own on :${ports.postgres} (${pg.bin}) …`);
  await pg.create();
  const databaseUrl = await pg.createDatabase('koza_faults');
  log(`cluster on :${ports.cluster} (log: ${join(work, 'cluster.log')}) …`);
  launcher = startCluster(databaseUrl, webDist);
  const launcherExit = new Promise<number | null>((resolve) => launcher!.once('exit', (code) => resolve(code)));
  await until(
    'the cluster to be ready',
    async () => {
      if (launcher!.exitCode !== null) throw new Error('the launcher stopped; see var/faults/cluster.log');
      return existsSync(join(work, 'cluster/status.json')) && (await status(`${base}/api/ready`)) === 200;
    },
    300_000,
    200,
  );
  const people = Array.from({ length: applicants }, (_, i) => new Applicant(i));
  await Promise.all(people.map(signIn));
  log(`${applicants} applicants signed in`);

  await killOne(people);
  await rollingRestart(people, launcher);
  await databaseOutage(people, pg);

  const stopped = launcher.kill('SIGTERM') && (await launcherExit);
  figure('cluster', 'launcher exit status after SIGTERM', String(stopped), stopped === 0);
  launcher = undefined;
  await npmStartExitStatus(webDist);
} catch (error) {
  console.error(`[faults] ${(error as Error).stack ?? String(error)}`);
  figures.push({ scenario: 'run', name: 'error', value: (error as Error).message, ok: false });
  failed = true;
} finally {
  if (launcher && launcher.exitCode === null) {
    const exit = new Promise((r) => launcher!.once('exit', r));
    launcher.kill('SIGTERM');
    await exit;
  }
  pg.destroy();
}
failed ||= figures.some((f) => !f.ok);
// `npm test` runs this without touching the tracked file (FAULTS_WRITE_DOC=0).
if (process.env.FAULTS_WRITE_DOC !== '0') writeDoc(!failed);
console.log(`\n[faults] ${failed ? 'FAILED' : 'all checks passed'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(failed ? 1 : 0);
