import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import type { Db } from '../../src/db/database.ts';
import { createTestApp } from '../helpers/app.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { productionEnv } from '../helpers/production-env.ts';

// Issue 12: slow clients, connection caps and answers written before routing, over a real socket.
// Short timeouts are configured here; the defaults (config.ts httpDefaults) suit a phone on a slow
// mobile network.

/** Every security header a routed page carries (helmet), compared with the raw answers'. */
const securityHeaderNames = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const securityHeadersOf = (headers: Record<string, string | string[] | number | undefined>) =>
  Object.fromEntries(securityHeaderNames.filter((n) => headers[n] !== undefined).map((n) => [n, String(headers[n])]));

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** ms from the start of the exchange to the answer. */
  at: number;
  closed: Promise<number>;
}

/** Writes `parts` to a new connection, each after `gapMs`, and resolves with the first answer. */
function exchange(port: number, parts: readonly string[], gapMs: number): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let received = '';
    let closedResolve: (ms: number) => void;
    const closed = new Promise<number>((r) => (closedResolve = r));
    socket.on('close', () => closedResolve(Date.now() - started));
    socket.on('error', () => undefined);
    let index = 0;
    const timer = setInterval(() => {
      if (index < parts.length && !socket.destroyed) socket.write(parts[index++]!);
    }, gapMs);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = received.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const length = Number(headers['content-length'] ?? 0);
      if (received.length - end - 4 < length) return;
      clearInterval(timer);
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: received.slice(end + 4, end + 4 + length), at: Date.now() - started, closed });
    });
    socket.on('close', () => {
      clearInterval(timer);
      if (!received.includes('\r\n\r\n')) reject(new Error(`closed without an answer after ${Date.now() - started} ms`));
    });
  });
}

let app: App | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function listening(createDb: () => Promise<Db>, env: Record<string, string>): Promise<{ port: number; app: App }> {
  app = await createTestApp({ db: await createDb(), env });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as { port: number }).port, app };
}

forEachDialect((dialect) => {
  it('answers 408 to a body sent one byte at a time, within the configured request timeout, and closes', async () => {
    const requestTimeoutMs = 2000;
    const { port } = await listening(dialect.createDb, { HTTP_REQUEST_TIMEOUT_MS: String(requestTimeoutMs), HTTP_HEADERS_TIMEOUT_MS: '1000' });
    const head = 'POST /api/page-views HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n';
    const trickle = ['{', '"', 'p', 'a', 't', 'h', '"', ':', '"', '/', 't', 'e', 'r', 'm', '"', ',', '"', 'b', 'a', 'n', 'k', 'C', 'o', 'd', 'e'];
    const response = await exchange(port, [head, ...trickle, ...trickle, ...trickle], 250);
    expect(response.status).toBe(408);
    expect(JSON.parse(response.body)).toEqual({ code: 'REQUEST_TIMEOUT', message: expect.any(String) });
    // Due at 2 s; the timeouts are checked every second.
    expect(response.at).toBeGreaterThanOrEqual(requestTimeoutMs - 100);
    expect(response.at).toBeLessThan(requestTimeoutMs + 1500);
    expect(response.headers.connection).toBe('close');
    expect(await response.closed).toBeLessThan(requestTimeoutMs + 2000);
    // The same security headers as a routed page: an answer written before routing carries the
    // page set, the fuller one (decision 0246).
    const routed = await app!.inject({ method: 'GET', url: '/personal' });
    expect(securityHeadersOf(response.headers)).toEqual(securityHeadersOf(routed.headers));
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('answers 408 to headers that never end, within the headers timeout', async () => {
    const { port } = await listening(dialect.createDb, { HTTP_REQUEST_TIMEOUT_MS: '5000', HTTP_HEADERS_TIMEOUT_MS: '1000' });
    const response = await exchange(port, ['GET /api/health HTTP/1.1\r\n', 'Host: localhost\r\n', 'X-Slow: 1\r\n'], 200);
    expect(response.status).toBe(408);
    expect(response.at).toBeLessThan(1000 + 1500);
  });

  it('caps the connections of one address: the one over the cap gets 429 and is closed, the others still work', async () => {
    const { port } = await listening(dialect.createDb, { HTTP_MAX_CONNECTIONS_PER_IP: '3' });
    const held = await Promise.all(
      [1, 2, 3].map(
        () =>
          new Promise<Socket>((resolve) => {
            const s = connect(port, '127.0.0.1', () => resolve(s));
          }),
      ),
    );
    try {
      const over = await exchange(port, ['GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n'], 10);
      expect(over.status).toBe(429);
      expect(over.headers['retry-after']).toBe('1');
      expect(over.headers['x-frame-options']).toBe('DENY');
      held[0]!.destroy();
      await new Promise((r) => held[0]!.once('close', r));
      // A slot is free again once the server has seen the close.
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        status = (await exchange(port, ['GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'], 10)).status;
      }
      expect(status).toBe(200);
    } finally {
      for (const s of held) s.destroy();
    }
  });

  it('sends every security header with the error for a URL the router cannot decode (GET /api/%E0%A4%A), HSTS in production', async () => {
    for (const env of [{}, productionEnv()]) {
      const { port } = await listening(dialect.createDb, env);
      const host = 'NODE_ENV' in env ? 'koza.fukuoka.example.jp' : 'localhost';
      const malformed = await exchange(port, [`GET /api/%E0%A4%A HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`], 10);
      expect(malformed.status).toBe(400);
      expect(JSON.parse(malformed.body)).toEqual({ code: 'BAD_REQUEST', message: expect.any(String) });
      const routed = await app!.inject({ method: 'GET', url: '/personal', headers: { host } });
      expect(securityHeadersOf(malformed.headers)).toEqual(securityHeadersOf(routed.headers));
      expect(malformed.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(malformed.headers['x-frame-options']).toBe('DENY');
      expect(malformed.headers['cache-control']).toBe('no-store');
      if ('NODE_ENV' in env) expect(malformed.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
      else expect(malformed.headers['strict-transport-security']).toBeUndefined();
      // A request line that is not HTTP at all: answered (400) with the same headers, then closed.
      const garbage = await exchange(port, ['NOT HTTP\r\n\r\n'], 10);
      expect(garbage.status).toBe(400);
      expect(securityHeadersOf(garbage.headers)).toEqual(securityHeadersOf(routed.headers));
      await app!.close();
      app = undefined;
    }
  });
});
