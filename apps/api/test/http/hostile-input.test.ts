import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { createTestApp } from '../helpers/app.ts';
import { hosts, signIn, uniqueIp, type SignedIn } from '../helpers/auth.ts';

// "No 5xx for anything a client can send": every route of the API, signed in and not, gets bodies
// and queries of the wrong shape, type, encoding and size. Each answer must be a 4xx (or a 2xx where
// the input happens to be acceptable) with a JSON body that quotes no stack.

const routes = [
  ['GET', '/api/health'],
  ['GET', '/api/ready'],
  ['GET', '/api/maintenance'],
  ['GET', '/api/notifications/0177'],
  ['POST', '/api/verification-codes/register'],
  ['POST', '/api/verification-codes/verify'],
  ['POST', '/api/application-status/code'],
  ['POST', '/api/application-status'],
  ['POST', '/api/page-views'],
  ['GET', '/api/applications'],
  ['GET', '/api/occupations'],
  ['GET', '/api/addresses'],
  ['GET', '/api/furigana'],
  ['GET', '/api/workplace'],
  ['GET', '/api/invitation'],
  ['GET', '/api/branch'],
  ['POST', '/api/applications/personal'],
  ['POST', '/api/applications/workplace'],
  ['POST', '/api/applications/branch'],
  ['POST', '/api/applications/seal-less'],
  ['POST', '/api/applications/personal/parent'],
  ['POST', '/api/applications/workplace/parent'],
  ['GET', '/api/public-key'],
  ['POST', '/api/pin'],
  ['POST', '/api/ekyc'],
  ['GET', '/api/ekyc'],
  ['POST', '/api/ekyc/status'],
  ['POST', '/api/ekyc/webhook'],
  ['POST', '/api/documents'],
  ['POST', '/api/application-complete'],
] as const;

const deep = (n: number): string => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

/** Bodies: [content-type, payload]. */
const bodies: readonly (readonly [string, string | Buffer])[] = [
  ['application/json', '{'],
  ['application/json', 'null'],
  ['application/json', '[]'],
  ['application/json', '"text"'],
  ['application/json', '12'],
  ['application/json', '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}'],
  ['application/json', deep(5000)],
  [
    'application/json',
    JSON.stringify({
      bankCode: 177,
      mailAddress: ['a@b.jp'],
      verificationCode: {},
      lastName: 1,
      branchCode: null,
      sealLess: 'yes',
      code: 1234,
      supplement: 'no',
      status: 'PASSED',
    }),
  ],
  [
    'application/json',
    JSON.stringify({
      lastName: '\u0000\ud800',
      firstName: '𠮷'.repeat(10_000),
      birthday: '2026-02-30',
      postalNumber: '８１０-０００１',
      utilizationPurpose: 'x',
    }),
  ],
  ['application/json; charset=shift_jis', Buffer.from([0x82, 0xa0, 0x7b])],
  ['text/plain', 'hello'],
  ['application/x-www-form-urlencoded', 'a=1&a=2'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\nnot an image\r\n--x--\r\n'],
  ['multipart/form-data', 'no boundary'],
  ['application/json', `{"lastName":"${'あ'.repeat(2 * 1024 * 1024)}"}`],
];

const queries = [
  '',
  '?postalNumber[]=1&kanji[]=a&code[]=b',
  '?postalNumber=%ZZ',
  `?kanji=${encodeURIComponent('漢'.repeat(5000))}`,
  '?code=%00%00&postalNumber=8100001&postalNumber=8100002',
];

function expectNoServerError(label: string, response: { statusCode: number; body: string }): void {
  expect(response.statusCode, `${label} → ${response.statusCode} ${response.body.slice(0, 200)}`).toBeLessThan(500);
  expect(response.body).not.toMatch(/at .+\.(ts|js):\d+/);
}

forEachDialect((dialect) => {
  let app: App;
  let signedIn: SignedIn;
  beforeAll(async () => {
    app = await createTestApp({ db: await dialect.createDb() });
    signedIn = await signIn(app);
  });
  afterAll(() => app?.close());

  it('lists every /api route the app serves (a new route joins the sweep)', () => {
    // /api/admin has its own sweep (test/staff/admin-access.test.ts), signed in as staff.
    // printRoutes draws a tree ("├── /api/ekyc (POST, GET, HEAD)" then "│   ├── /status (POST)").
    const served: string[] = [];
    const stack: string[] = [];
    for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
      const m = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
      if (!m) continue;
      const depth = m[1]!.length / 4;
      stack.length = depth;
      stack.push(m[2]!);
      const path = stack.join('');
      for (const method of m[3]?.split(', ') ?? [])
        if (method !== 'HEAD' && path.startsWith('/api/') && !path.startsWith('/api/admin/')) served.push(`${method} ${path}`);
    }
    const listed = new Set(routes.map(([method, url]) => `${method} ${url.replace('/0177', '/:target')}`));
    expect(served).toHaveLength(routes.length);
    expect(served.filter((route) => !listed.has(route))).toEqual([]);
  });

  it('answers no 5xx to wrong bodies and queries on any route, signed in or not', async () => {
    let sent = 0;
    for (const headers of [{ host: hosts['0177'] }, signedIn.headers, { ...signedIn.headers, authorization: 'Bearer \u00ff' }]) {
      for (const [method, url] of routes) {
        for (const query of queries) {
          const response = await app.inject({ method, url: `${url}${query}`, headers, remoteAddress: uniqueIp() });
          expectNoServerError(`${method} ${url}${query}`, response);
          sent++;
        }
        if (method === 'GET') continue;
        for (const [contentType, payload] of bodies) {
          const response = await app.inject({ method, url, headers: { ...headers, 'content-type': contentType }, payload, remoteAddress: uniqueIp() });
          expectNoServerError(`${method} ${url} ${contentType} ${String(payload).slice(0, 40)}`, response);
          sent++;
        }
      }
    }
    expect(sent).toBeGreaterThan(500);

    // …and the application is still usable afterwards: nothing half-saved broke it.
    const after = await app.inject({ method: 'GET', url: '/api/applications', headers: signedIn.headers });
    expect(after.statusCode).toBe(200);
  });
});
