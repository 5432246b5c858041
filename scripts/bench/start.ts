// `npm start` on a fresh clone: the committed tree cloned into a temporary folder, `npm ci` (not
// timed), then the time from `npm start` to the first answer of /api/health (issue 13: ≤ 6 s; the
// postal table, the web and the back office are built on the way), and again for a restart, when
// everything is built and the database exists.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Row } from './common.ts';
import { exitOf, freePort, log, repoRoot, waitFor } from './common.ts';

/**
 * A developer's shell: no NODE_ENV. An earlier section of this process (the web's build) has set it
 * to production, with which `npm ci` would leave out the build tools and `npm start` refuse its
 * development defaults.
 */
function developerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { NODE_ENV: _set, ...env } = process.env;
  return { ...env, ...extra };
}

/** Seconds from `npm start` to the first 200 of /api/health; the whole process group stopped after. */
async function timeStart(cwd: string): Promise<number> {
  const [port, simPort, idpPort] = [await freePort(), await freePort(), await freePort()];
  const startedAt = performance.now();
  const child = spawn('npm', ['start'], {
    cwd,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: developerEnv({ PORT: String(port), EKYC_SIM_PORT: String(simPort), DEV_IDP_PORT: String(idpPort), LOG_LEVEL: 'warn' }),
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`, 300_000, child);
    return (performance.now() - startedAt) / 1000;
  } catch (error) {
    log(`npm start did not become healthy; its last output:\n${stderr}`);
    throw error;
  } finally {
    const exited = exitOf(child);
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    const timer = setTimeout(() => child.exitCode === null && process.kill(-child.pid!, 'SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

export async function measureStart(): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'koza-bench-start-'));
  const clone = join(dir, 'main');
  try {
    log('start: cloning the committed tree and running npm ci (not timed) …');
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', repoRoot, clone]);
    execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: clone, stdio: ['ignore', 'ignore', 'inherit'], env: developerEnv() });
    const fresh = await timeStart(clone);
    log(`start: npm start on a fresh clone → /api/health in ${fresh.toFixed(1)} s`);
    const again = await timeStart(clone);
    log(`start: restart → /api/health in ${again.toFixed(1)} s`);
    return [
      {
        section: 'start',
        name: '`npm start` on a fresh clone (after npm ci) → first /api/health',
        value: `${fresh.toFixed(1)} s`,
        target: '≤ 6 s',
        met: fresh <= 6,
      },
      { section: 'start', name: '`npm start` again (built, database there) → first /api/health', value: `${again.toFixed(1)} s` },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
