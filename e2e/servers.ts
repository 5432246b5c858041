import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allBanks, getBank } from '@koza/domain/banks/banks';
import type { BankCode } from '@koza/domain/constants';
import { apiServer, devIdpServer, ekycSimServer, nodeBin, repoRoot, sqliteTemplateEnv, webDistDir } from './paths.ts';

// The servers an end-to-end run drives: the eKYC simulator, the staff's development identity provider
// (apps/dev-idp) and the API serving the web, each on a free port, with a SQLite database of their own. Started per Playwright worker (fixtures.ts) and by
// the WebKit walks (webkit/walks.test.ts).

/** One API + web server with its eKYC simulator. */
export interface WorkerServer {
  port: number;
  /** http://127.0.0.1:<port>, for calls that do not depend on the bank (Node cannot resolve *.localhost). */
  origin: string;
  /** The bank's development host on this worker's port, e.g. http://fukuoka.localhost:41234 (browsers resolve *.localhost). */
  baseURLFor(bankCode: BankCode): string;
  /** The eKYC simulator of this worker (apps/ekyc-sim, its own port, in-memory database): http://127.0.0.1:<port>. */
  ekycOrigin: string;
  /** The staff's identity provider of this worker (apps/dev-idp): http://localhost:<port>, each bank's issuer under /<code>. */
  idpOrigin: string;
  /** The API's database (`sqlite:<file>` unless apiEnv chose another): for `npm run staff` and a test's own changes of time. */
  databaseUrl: string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(origin: string, child: ChildProcess, logFile: string, timeoutMs: number, healthPath = '/api/health'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: string | null = null;
  child.once('exit', (code, signal) => {
    exited = `exited with ${code ?? signal}`;
  });
  while (Date.now() < deadline) {
    if (exited) break;
    try {
      const response = await fetch(`${origin}${healthPath}`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const log = await readFile(logFile, 'utf8').catch(() => '');
  throw new Error(`server ${exited ?? `did not answer ${origin}${healthPath} within ${timeoutMs} ms`}\n--- server log (tail) ---\n${log.slice(-4000)}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts the eKYC simulator, then the API (told where the simulator is), and waits for both; `close`
 * stops them and removes their files (kept with E2E_KEEP_SERVER_DIR). `name` labels the database and
 * the kept files.
 */
export async function startServers({
  apiEnv = {},
  name,
}: {
  apiEnv?: Record<string, string>;
  name: string;
}): Promise<WorkerServer & { close(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'koza-e2e-'));
  const logs: ReturnType<typeof createWriteStream>[] = [];
  const started: ChildProcess[] = [];
  const close = async () => {
    for (const child of started.reverse()) await stop(child);
    for (const log of logs) log.end();
    if (process.env.E2E_KEEP_SERVER_DIR) console.log(`[e2e] ${name}: server files kept in ${dir}`);
    else await rm(dir, { recursive: true, force: true });
  };
  /**
   * Starts a server on a free port and waits for its health answer. The port is free when chosen
   * but the server binds it only after loading its reference data: on a busy machine another
   * process can take it meanwhile, so a start that fails with EADDRINUSE is tried on another port.
   */
  const start = async (label: string, script: string, env: (port: number) => Record<string, string>, healthPath: string) => {
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const logFile = join(dir, `${label}-${attempt}.log`);
      const log = createWriteStream(logFile);
      logs.push(log);
      const child = spawn(nodeBin, [script], { cwd: repoRoot, env: { ...process.env, ...env(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
      started.push(child);
      child.stdout?.pipe(log);
      child.stderr?.pipe(log);
      try {
        await waitForHealth(`http://127.0.0.1:${port}`, child, logFile, 60_000, healthPath);
        return port;
      } catch (error) {
        const portTaken = (await readFile(logFile, 'utf8').catch(() => '')).includes('EADDRINUSE');
        if (!portTaken || attempt === 3) throw error;
      }
    }
  };
  const logLevel = process.env.E2E_SERVER_LOG_LEVEL ?? 'warn';
  const databaseUrl = apiEnv.DATABASE_URL ?? `sqlite:${join(dir, `${name}.sqlite`)}`;
  // A new SQLite database starts as a copy of the run's migrated template (global-setup.ts): the
  // server finds its schema and reference data current instead of loading 124,130 postal rows.
  const template = process.env[sqliteTemplateEnv];
  const databaseFile = databaseUrl.startsWith('sqlite:') ? databaseUrl.slice('sqlite:'.length) : null;
  if (template && databaseFile && !existsSync(databaseFile)) copyFileSync(template, databaseFile);
  try {
    // The eKYC simulator and the identity provider first, side by side: the API is told where they
    // are (EKYC_PROVIDER_URL, STAFF_OIDC_ISSUER_<code>).
    const [simPort, idpPort] = await Promise.all([
      start(
        'ekyc-sim',
        ekycSimServer,
        (port) => ({
          NODE_ENV: 'test',
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: `http://localhost:${port}`,
          SIM_DATABASE: ':memory:',
          LOG_LEVEL: logLevel,
        }),
        '/health',
      ),
      start('dev-idp', devIdpServer, (port) => ({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: logLevel }), '/health'),
    ]);
    const ekycOrigin = `http://127.0.0.1:${simPort}`;
    const idpOrigin = `http://localhost:${idpPort}`;
    const port = await start(
      'server',
      apiServer,
      (port) => ({
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        // The hand-over files of this worker's exporter, in its own directory (not the repository's var/).
        HANDOVER_DIR: join(dir, 'handover'),
        // X-Forwarded-For from the loopback is the client's address: a test that speaks as several
        // applicants gives each its own, so per-address limits hold per applicant. Without the header
        // every client is 127.0.0.1, as before.
        TRUST_PROXY: '127.0.0.1',
        WEB_DIST_DIR: webDistDir,
        EKYC_PROVIDER_URL: ekycOrigin,
        ...Object.fromEntries(allBanks.map((b) => [`STAFF_OIDC_ISSUER_${b.code}`, `${idpOrigin}/${b.code}`])),
        // Where the simulator sends its signed result webhook.
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: logLevel,
        ...apiEnv,
      }),
      '/api/health',
    );
    return {
      port,
      origin: `http://127.0.0.1:${port}`,
      ekycOrigin,
      idpOrigin,
      databaseUrl,
      baseURLFor: (bankCode) => `http://${getBank(bankCode).devHost}:${port}`,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
