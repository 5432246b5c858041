import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../../src/app.ts';

// A small stand-in for the eKYC provider over real HTTP (node:http), for what the simulator does
// not do on purpose: fail. Modes: 'ok' (answers like the simulator), 'error' (500), 'hang' (never
// answers), 'garbage' (200 with a body that is not the contract). It records every request.

export type FakeMode = 'ok' | 'error' | 'hang' | 'garbage';

export interface RecordedRequest {
  method: string;
  path: string;
  apiKey: string | undefined;
  body: unknown;
}

export interface FakeProvider {
  url: string;
  mode: FakeMode;
  /** Status GET /v1/sessions/{id} answers, per session (default CREATED). */
  statuses: Map<string, string>;
  /** What the document read gave, per session (GET answers it as `result.read` once decided). */
  reads: Map<string, { name: string; birthday: string; address: string }>;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** `unref`: the server does not keep the test worker alive (a provider shared by a whole file, never closed). */
export async function startFakeProvider({ unref = false }: { unref?: boolean } = {}): Promise<FakeProvider> {
  let counter = 0;
  const hanging = new Set<ServerResponse>();
  const fake: FakeProvider = {
    url: '',
    mode: 'ok',
    statuses: new Map(),
    reads: new Map(),
    requests: [],
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '').split('?')[0]!;
    fake.requests.push({ method: req.method ?? '', path, apiKey: req.headers['x-api-key'] as string | undefined, body: text ? JSON.parse(text) : undefined });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (fake.mode === 'hang') {
      hanging.add(res);
      return;
    }
    if (fake.mode === 'error') return send(500, { error: 'internal', message: 'Internal error.' });
    if (fake.mode === 'garbage') return send(req.method === 'POST' ? 201 : 200, '<html>not json</html>');
    if (req.method === 'POST' && path === '/v1/sessions') {
      const sessionId = `fake-${++counter}`;
      fake.statuses.set(sessionId, 'CREATED');
      return send(201, { sessionId, url: `${fake.url}/s/${sessionId}?t=token${counter}`, method: 'PHOTO_ID_AND_FACE', status: 'CREATED' });
    }
    const m = /^\/v1\/sessions\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && m) {
      const sessionId = decodeURIComponent(m[1]!);
      const status = fake.statuses.get(sessionId);
      const read = fake.reads.get(sessionId);
      const result = read ? { result: { status, decidedAt: new Date().toISOString(), read } } : {};
      return status ? send(200, { sessionId, status, ...result }) : send(404, { error: 'not_found' });
    }
    return send(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  if (unref) server.unref();
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

export const signature = (rawBody: string, secret = 'dev-ekyc-webhook-secret'): string =>
  `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;

/** POSTs a webhook to the API the way the provider does (raw JSON, signed unless told otherwise). */
export async function sendWebhook(app: App, body: { sessionId: string; status: string } | string, options: { signature?: string | null; host?: string } = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const sig = options.signature === undefined ? signature(raw) : options.signature;
  return app.inject({
    method: 'POST',
    url: '/api/ekyc/webhook',
    headers: { 'content-type': 'application/json', ...(options.host ? { host: options.host } : {}), ...(sig === null ? {} : { 'x-signature': sig }) },
    payload: raw,
  });
}
