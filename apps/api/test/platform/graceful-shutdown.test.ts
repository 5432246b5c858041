import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { createServer, connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { emptyWebDist } from '../helpers/app.ts';
import { forEachDialect } from '../helpers/databases.ts';

// Issue 12: SIGTERM to the real server process (src/server.ts) under a load of 50 clients on
// kept-alive connections. Every request a client sent is answered as usual — after the signal with
// Connection: close (issue 27: a 503 there was an error a proxy could not retry) — and GET
// /api/ready answers 503 from the signal on (before the listener closes): resets are counted and must be 0. New connections
// are refused once the listener is closed (ECONNREFUSED: nothing was sent). A body still trickling in
// when the grace period ends gets 503, not a reset. The process exits 0 within 10 s.

const apiDir = fileURLToPath(new URL('../..', import.meta.url));
const clients = 50;
const graceMs = 6000;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

let child: ChildProcess | undefined;
afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  child = undefined;
});

interface Outcome {
  path?: string;
  afterSignal?: boolean;
  status?: number;
  connectionClose?: boolean;
  error?: string;
  /** The request went out on a kept-alive connection the server had already answered on. */
  reused?: boolean;
}

function get(port: number, agent: Agent, path: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent, headers: { host: 'localhost' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, connectionClose: res.headers.connection === 'close' }));
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message, reused: req.reusedSocket }));
    req.end();
  });
}

/** A POST whose body arrives one byte every 300 ms: resolves with the status, or the error. */
function slowBody(port: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    const timer = setInterval(() => socket.writable && socket.write('x'), 300);
    socket.on('connect', () =>
      socket.write('POST /api/page-views HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{'),
    );
    socket.on('data', (d) => (data += d.toString()));
    socket.on('error', (e: NodeJS.ErrnoException) => {
      clearInterval(timer);
      // An answer already read counts (the server closes after answering; our next byte may meet a reset).
      const status = /^HTTP\/1\.1 (\d{3})/.exec(data)?.[1];
      resolve(status ? { status: Number(status) } : { error: e.code ?? e.message });
    });
    socket.on('close', () => {
      clearInterval(timer);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(data)?.[1];
      resolve(status ? { status: Number(status) } : { error: 'closed without an answer' });
    });
  });
}

forEachDialect((dialect) => {
  it(`SIGTERM under ${clients} clients: every request answered (0 resets, no 503), Connection: close after the signal, readiness 503 first, exit 0 within 10 s`, async () => {
    const port = await freePort();
    const proc = spawn(process.execPath, ['src/server.ts'], {
      cwd: apiDir,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: await dialect.createDatabaseUrl(),
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIST_DIR: emptyWebDist(),
        SHUTDOWN_GRACE_MS: String(graceMs),
        // An idle connection stays open 4 s for a request on its way: on a loaded 2-core machine a
        // client loop can be starved longer than the 1.5 s default between two requests.
        SHUTDOWN_IDLE_CLOSE_MS: '4000',
        // Readiness turns 503 this long before the listener closes: 2 s, for the probe below to be sent
        // in time when 50 client loops and another test file share the 2 cores.
        SHUTDOWN_READY_DELAY_MS: '2000',
        HTTP_MAX_CONNECTIONS_PER_IP: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    let output = '';
    proc.stdout!.on('data', (d) => (output += d));
    proc.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<{ code: number | null; at: number }>((resolve) => proc.on('exit', (code) => resolve({ code, at: Date.now() })));

    // Up when the health check answers.
    const probeAgent = new Agent({ keepAlive: false });
    for (let i = 0; ; i++) {
      const r = await get(port, probeAgent, '/api/health');
      if (r.status === 200) break;
      if (proc.exitCode !== null || i > 600) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    const agent = new Agent({ keepAlive: true, maxSockets: clients });
    const outcomes: Outcome[] = [];
    let stop = false;
    let signalledAt = 0;
    const paths = ['/api/health', '/api/notifications/0177', '/api/maintenance'];
    // The slow body first: its connection is accepted and its request under way before the signal
    // (connections still in the kernel's queue when the listener closes are reset by the kernel).
    const slow = slowBody(port);
    const loops = Array.from({ length: clients }, async (_, i) => {
      for (let n = 0; !stop; n++) {
        const path = paths[(i + n) % paths.length]!;
        const outcome = await get(port, agent, path);
        outcomes.push({ ...outcome, path, afterSignal: signalledAt !== 0 });
        if (outcome.error === 'ECONNREFUSED') return; // the listener is closed: nothing more to send
      }
    });
    // Load for a moment, then the signal.
    while (outcomes.length < clients * 4) await new Promise((r) => setTimeout(r, 20));
    signalledAt = Date.now();
    const beforeSignal = outcomes.length;
    proc.kill('SIGTERM');
    // A load balancer's probe on a new connection: 503 "shutting-down" while the instance still listens.
    let readiness = await get(port, probeAgent, '/api/ready');
    while (readiness.status === 200) {
      await new Promise((r) => setTimeout(r, 20));
      readiness = await get(port, probeAgent, '/api/ready');
    }
    const { code, at } = await exited;
    stop = true;
    await Promise.all(loops);
    const slowOutcome = await slow;
    agent.destroy();

    // A reset counts unless it met a brand-new connection after the signal: one the kernel had queued
    // but the server had not accepted when its listener closed. For the client that is a refused
    // connection (nothing it sent was read), like ECONNREFUSED; a reset on a kept-alive connection, or
    // before the signal, would be a request lost.
    const queuedAtClose = outcomes.filter((o) => o.error === 'ECONNRESET' && o.afterSignal && o.reused === false);
    const resets = outcomes.filter((o) => o.error !== undefined && o.error !== 'ECONNREFUSED' && !queuedAtClose.includes(o));
    const answered = outcomes.filter((o) => o.status !== undefined);
    const unavailable = answered.filter((o) => o.status === 503);
    const refused = outcomes.filter((o) => o.error === 'ECONNREFUSED');
    console.log(
      `[shutdown] ${dialect.name}: ${outcomes.length} requests (${beforeSignal} before SIGTERM): ${answered.length} answered ` +
        `(${unavailable.length} × 503), ${refused.length} connections refused after the listener closed, ` +
        `${queuedAtClose.length} new connections reset while queued at the close, ${resets.length} resets; ` +
        `slow body → ${slowOutcome.status ?? slowOutcome.error}; exit ${code} ${at - signalledAt} ms after SIGTERM`,
    );
    if (resets.length > 0 || code !== 0) console.log(`resets: ${JSON.stringify(resets)}\nserver output:\n${output}`);
    expect(resets).toEqual([]);
    // /api/maintenance is 404 when no maintenance is planned; every answer as usual, before and after the signal.
    const expected = (o: Outcome) => (o.path === '/api/maintenance' ? 404 : 200);
    for (const o of answered) expect(o.status, JSON.stringify(o)).toBe(expected(o));
    expect(unavailable).toEqual([]);
    expect(readiness.status).toBe(503);
    // Answers given after the listener closed say Connection: close (a proxy does not reuse the connection).
    expect(answered.filter((o) => o.afterSignal && o.connectionClose).length).toBeGreaterThan(0);
    expect(slowOutcome).toEqual({ status: 503 });
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(10_000);
  }, 120_000);
});
