import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { BuildOptions } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

export const apiKey = 'dev-ekyc-api-key';
export const webhookSecret = 'dev-ekyc-webhook-secret';

export function testConfig(env: Record<string, string> = {}) {
  return loadConfig({ NODE_ENV: 'test', SIM_DATABASE: ':memory:', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://sim.test', ...env });
}

export function productionConfig(env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'production',
    SIM_DATABASE: ':memory:',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://ekyc.example.jp',
    EKYC_API_KEY: 'prod-api-key-0123456789abcdef',
    EKYC_WEBHOOK_SECRET: 'prod-webhook-secret-0123456789abcdef',
    ...env,
  });
}

export function makeApp(options: Partial<BuildOptions> = {}): FastifyInstance {
  return buildApp({ config: testConfig(), webhookBackoffMs: 20, pollMs: 20, ...options });
}

export const applicant = { name: '山田 太郎', birthday: '1990-04-01', address: '福岡県福岡市中央区天神1丁目1番1号' };

export function sessionBody(overrides: Record<string, unknown> = {}) {
  return {
    reference: 'APP-0001',
    returnUrl: 'http://bank.test/ekyc/return',
    callbackUrl: 'http://127.0.0.1:9/never',
    method: 'PHOTO_ID_AND_FACE',
    applicant,
    ...overrides,
  };
}

export async function createSession(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const response = await app.inject({ method: 'POST', url: '/v1/sessions', headers: { 'x-api-key': apiKey }, payload: sessionBody(overrides) });
  if (response.statusCode !== 201) throw new Error(`create session: ${response.statusCode} ${response.body}`);
  const created = response.json() as { sessionId: string; url: string; method: string; status: string };
  const url = new URL(created.url);
  return { ...created, path: url.pathname, token: url.searchParams.get('t') ?? '' };
}

export async function getSession(app: FastifyInstance, id: string) {
  const response = await app.inject({ method: 'GET', url: `/v1/sessions/${id}`, headers: { 'x-api-key': apiKey } });
  return response.json() as {
    sessionId: string;
    method: string;
    status: string;
    result: {
      status: string;
      certified?: unknown;
      images?: { kind: string; contentType: string; sha256: string }[];
      read?: unknown;
      certificate: { name: string; birthday: string; address: string; serialNumber: string; notBefore: string; notAfter: string };
    };
  };
}

export interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A real HTTP server standing in for the bank's webhook endpoint. `statuses` answers in turn (then 204). */
export async function startReceiver(statuses: number[] = []) {
  const received: Received[] = [];
  const waiters: Array<() => void> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(statuses.shift() ?? 204).end();
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ekyc/callback`;
  return {
    url,
    received,
    /** Resolves when at least `count` requests arrived (fails after `timeoutMs`). */
    async waitFor(count: number, timeoutMs = 5000): Promise<Received[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhook(s), got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function validSignature(body: string, header: unknown, secret = webhookSecret): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// The smallest real images: a 1×1 PNG and the first bytes of a JPEG (the check reads magic bytes).
export const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
export const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0', 'latin1'), Buffer.alloc(100)]);

/** A multipart body as a browser would send it. */
export async function multipart(fields: Record<string, string>, files: Record<string, { data: Buffer; type: string; name?: string }>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    form.append(name, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name ?? `${name}.bin`);
  }
  const request = new Request('http://x/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}

export const fourImages = {
  front: { data: jpeg, type: 'image/jpeg' },
  back: { data: jpeg, type: 'image/jpeg' },
  tilt: { data: png, type: 'image/png' },
  face: { data: jpeg, type: 'image/jpeg' },
};
