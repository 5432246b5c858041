import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiCallError, api, sessionErrorPath, setApiNavigator } from './client.ts';
import { validationErrors } from './validation-errors.ts';

function mockFetch(status: number, body?: unknown) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends JSON with the session token as a Bearer header', async () => {
    sessionStorage.setItem('token', 'tok-123');
    const fetchMock = mockFetch(200, { ok: true });
    await api.post('/api/applications/branch', { branchCode: '101' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/applications/branch');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"branchCode":"101"}');
  });

  it('leaves the token out of public calls and builds the query string', async () => {
    sessionStorage.setItem('token', 'tok-123');
    const fetchMock = mockFetch(200, {});
    await api.get('/api/addresses', { auth: false, query: { postalNumber: '8100001', empty: undefined } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/addresses?postalNumber=8100001');
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it('parses the answer with the given schema', async () => {
    mockFetch(200, { keyCode: 'abc' });
    const result = await api.get('/api/public-key', { schema: z.object({ keyCode: z.string() }) });
    expect(result.keyCode).toBe('abc');
  });

  it('returns undefined for 204 No Content', async () => {
    mockFetch(204);
    await expect(api.post('/api/applications/seal-less', { sealLess: true })).resolves.toBeUndefined();
  });

  it('goes to the session error on 401, to the child one in the child flow', async () => {
    const navigate = vi.fn();
    setApiNavigator(navigate);
    mockFetch(401, { message: 'unauthorized' });
    await expect(api.get('/api/applications')).rejects.toMatchObject({ status: 401 });
    expect(navigate).toHaveBeenCalledWith('/error?id=1');
    expect(sessionErrorPath('/child/personal')).toBe('/child/error?id=1');
    expect(sessionErrorPath('/personal')).toBe('/error?id=1');
  });

  it('throws an ApiCallError carrying the validation errors on 400', async () => {
    mockFetch(400, { errors: [{ field: 'lastName', message: '入力が必須です。' }] });
    const error = await api.post('/api/applications/personal', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(validationErrors(error)).toEqual([{ field: 'lastName', message: '入力が必須です。' }]);
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/api/branch')).rejects.toMatchObject({ status: 0 });
  });

  it('sends a save once more after a 502 (an instance lost under it) and succeeds without an error', async () => {
    const answers = [new Response('bad gateway', { status: 502 }), new Response(null, { status: 204 })];
    const fetchMock = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/api/applications/personal', { lastName: '山田' })).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('gives up after one retry, and never resends a call that is not idempotent', async () => {
    const always502 = vi.fn(async () => new Response('bad gateway', { status: 502 }));
    vi.stubGlobal('fetch', always502);
    await expect(api.post('/api/applications/branch', { branchCode: '101' })).rejects.toMatchObject({ status: 502 });
    expect(always502).toHaveBeenCalledTimes(2);
    always502.mockClear();
    await expect(api.post('/api/pin', { code: 'x' })).rejects.toMatchObject({ status: 502 });
    expect(always502).toHaveBeenCalledTimes(1);
    always502.mockClear();
    await expect(api.post('/api/ekyc/webhook', {})).rejects.toMatchObject({ status: 502 });
    expect(always502).toHaveBeenCalledTimes(1);
  });

  it('sends the eKYC start and the eKYC status poll once more after a 502 (both idempotent)', async () => {
    for (const [path, answer] of [
      ['/api/ekyc', { url: 'http://localhost:3100/s/x' }],
      ['/api/ekyc/status', { status: 4, supplementRequired: false }],
    ] as const) {
      const answers = [new Response('bad gateway', { status: 502 }), new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } })];
      const fetchMock = vi.fn(async () => answers.shift()!);
      vi.stubGlobal('fetch', fetchMock);
      await expect(api.post(path, {})).resolves.toEqual(answer);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    }
  });

  it('holds a write refused for maintenance until the applicant resumes, then sends it again', async () => {
    const { resumeAfterMaintenance } = await import('./maintenance-pause.ts');
    const window = { startedAt: '2026-11-26T22:00:00+09:00', endedAt: '2026-11-26T23:00:00+09:00' };
    const answers = [
      new Response(JSON.stringify({ code: 'MAINTENANCE', message: 'メンテナンス中', ...window }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      }),
      new Response(null, { status: 204 }),
    ];
    const fetchMock = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetchMock);
    let settled = false;
    const save = api.post('/api/applications/personal', { lastName: '山田' }).finally(() => (settled = true));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(settled).toBe(false);
    resumeAfterMaintenance();
    await expect(save).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
