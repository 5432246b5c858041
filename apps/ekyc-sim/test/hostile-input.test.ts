import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiKey, createSession, makeApp } from './helpers.ts';

// The simulator stands in for a provider on the internet: whatever a caller or a browser sends, it
// answers 2xx or 4xx, never a 5xx, and never quotes a stack.

let app: FastifyInstance;
let session: Awaited<ReturnType<typeof createSession>>;
beforeAll(async () => {
  app = makeApp();
  session = await createSession(app);
});
afterAll(() => app.close());

const bodies: readonly (readonly [string, string])[] = [
  ['application/json', '{'],
  ['application/json', 'null'],
  ['application/json', '[]'],
  ['application/json', JSON.stringify({ reference: 1, method: 'FACE', applicant: 'x', callbackUrl: 'javascript:alert(1)', outcome: {} })],
  ['application/json', JSON.stringify({ reference: 'A'.repeat(100_000), applicant: { name: '\u0000', birthday: '2026-13-40', address: [] } })],
  ['application/json', '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)],
  ['application/x-www-form-urlencoded', 'outcome=PASSED&outcome=FAILED&password=%ZZ'],
  ['application/x-www-form-urlencoded', `password=${'A'.repeat(100_000)}`],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="front"; filename="a.jpg"\r\n\r\nnot a jpeg\r\n--x--\r\n'],
  ['multipart/form-data', 'no boundary'],
  ['text/plain', 'hello'],
];

it('answers no 5xx to wrong bodies, queries and tokens on every route', async () => {
  const { sessionId, path, token } = session;
  const routes: readonly (readonly ['GET' | 'POST', string])[] = [
    ['GET', '/health'],
    ['GET', '/'],
    ['GET', '/assets/..%2F..%2Fpackage.json'],
    ['GET', '/assets/capture.js?x[]=1'],
    ['POST', '/v1/sessions'],
    ['GET', `/v1/sessions/${sessionId}`],
    ['GET', '/v1/sessions/%ZZ'],
    ['POST', `/v1/sessions/${sessionId}/simulate`],
    ['POST', '/v1/sessions/unknown/simulate'],
    ['GET', `${path}?t=${token}`],
    ['GET', `${path}?t[]=${token}`],
    ['GET', `${path}?t=${'x'.repeat(10_000)}`],
    ['POST', `${path}/jpki/read?t=${token}`],
    ['POST', `${path}/submit?t=${token}`],
    ['POST', `${path}/submit?t=wrong`],
  ];
  const statuses = new Set<number>();
  for (const headers of [{}, { 'x-api-key': apiKey }, { 'x-api-key': '\u00ff' }]) {
    for (const [method, url] of routes) {
      const attempts = method === 'GET' ? [undefined] : bodies;
      for (const body of attempts) {
        const response = await app.inject({
          method,
          url,
          headers: body ? { ...headers, 'content-type': body[0] } : headers,
          ...(body ? { payload: body[1] } : {}),
        });
        statuses.add(response.statusCode);
        expect(response.statusCode, `${method} ${url} ${body?.[0] ?? ''} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
        expect(response.body).not.toMatch(/at .+\.(ts|js):\d+/);
      }
    }
  }
  // The sweep reached the handlers, not only the key check.
  expect([...statuses].filter((s) => s >= 200 && s < 300).length).toBeGreaterThan(0);
  expect(statuses.has(400) || statuses.has(415)).toBe(true);
});
