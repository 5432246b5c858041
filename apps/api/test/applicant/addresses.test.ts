import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@koza/domain/messages';
import type { App } from '../../src/app.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { createTestApp } from '../helpers/app.ts';
import { signIn } from '../helpers/auth.ts';

forEachDialect((dialect) => {
  let app: App;
  let headers: { host: string; authorization: string };
  beforeAll(async () => {
    app = await createTestApp({ db: await dialect.createDb() });
    headers = (await signIn(app, { host: 'fukuoka.localhost' })).headers;
  });
  afterAll(() => app.close());

  const search = (query: string) => app.inject({ method: 'GET', url: `/api/addresses${query}`, headers });

  it('needs a signed-in applicant (SPEC.md §7 marks it auth)', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/addresses?postalNumber=8100001', headers: { host: 'fukuoka.localhost' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) });
  });

  it('finds 福岡県 福岡市中央区 天神 with its kana for 8100001', async () => {
    const response = await search('?postalNumber=8100001');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      addressList: [
        {
          id: expect.any(Number),
          addressCode: '40133',
          prefecture: '福岡県',
          municipality: '福岡市中央区',
          section: '天神',
          chome: '',
          kanaPrefecture: 'ﾌｸｵｶｹﾝ',
          kanaMunicipality: 'ﾌｸｵｶｼﾁｭｳｵｳｸ',
          kanaSection: 'ﾃﾝｼﾞﾝ',
          kanaChome: '',
          addressFull: '福岡県福岡市中央区天神',
        },
      ],
    });
  });

  it('lists every town of a code shared by several towns', async () => {
    const response = await search('?postalNumber=4520961');
    expect(response.statusCode).toBe(200);
    const list = response.json().addressList as { id: number; prefecture: string; addressFull: string }[];
    expect(list.length).toBeGreaterThan(10);
    expect(new Set(list.map((a) => a.id)).size).toBe(list.length);
    expect(list.every((a) => a.prefecture === '愛知県')).toBe(true);
  });

  it('answers a code with no town listed with an empty section', async () => {
    const response = await search('?postalNumber=0600000');
    expect(response.json().addressList).toEqual([
      expect.objectContaining({ prefecture: '北海道', municipality: '札幌市中央区', section: '', addressFull: '北海道札幌市中央区' }),
    ]);
  });

  it('accepts the code as typed: with the hyphen and in full-width digits', async () => {
    for (const typed of ['810-0001', '８１００００１']) {
      const response = await search(`?postalNumber=${encodeURIComponent(typed)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().addressList[0].section).toBe('天神');
    }
  });

  it('sends a kept answer as it sent it first: the same headers and bytes, compressed above 1 KiB (decision 0187)', async () => {
    // 0791571: eight towns, a few KiB; 4410302: 46 towns, ~19 KiB. Both are compressed in one go and
    // their compressed form kept (decision 0246: no zlib stream per answer up to 32 KiB).
    for (const code of ['8100002', '0791571', '4410302']) {
      for (const encoding of ['gzip, deflate, br', 'gzip', undefined]) {
        const call = () =>
          app.inject({
            method: 'GET',
            url: `/api/addresses?postalNumber=${code}`,
            headers: { ...headers, ...(encoding ? { 'accept-encoding': encoding } : {}) },
          });
        // The first call of a code reads it; the second is answered from what was kept.
        const [first, second] = [await call(), await call()];
        const plain = (await app.inject({ method: 'GET', url: `/api/addresses?postalNumber=${code}`, headers })).body;
        for (const response of [first, second]) {
          expect(response.statusCode).toBe(200);
          const contentEncoding = response.headers['content-encoding'];
          const body =
            contentEncoding === 'br'
              ? brotliDecompressSync(response.rawPayload)
              : contentEncoding === 'gzip'
                ? gunzipSync(response.rawPayload)
                : response.rawPayload;
          expect(body.toString(), `${code} ${encoding}`).toBe(plain);
          if (code !== '8100002' && encoding) expect(contentEncoding).toBe(encoding === 'gzip' ? 'gzip' : 'br');
          // One piece of known length: the kept form, not a stream.
          expect(response.headers['content-length'], `${code} ${encoding}`).toBe(String(response.rawPayload.length));
        }
        const { 'x-request-id': _a, date: _b, ...firstHeaders } = first.headers;
        const { 'x-request-id': _c, date: _d, ...secondHeaders } = second.headers;
        expect(secondHeaders).toEqual(firstHeaders);
        expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      }
    }
  });

  it('answers an empty list for a well-formed code nobody uses', async () => {
    const response = await search('?postalNumber=0000000');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ addressList: [] });
  });

  it('refuses a code holding a control character with the forbidden-character message (issue 12)', async () => {
    const response = await search('?postalNumber=810%000001');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [{ field: 'postalNumber', message: messages.forbiddenChars }] });
  });

  it.each([['?postalNumber=81000'], ['?postalNumber=81000011'], ['?postalNumber=abcdefg']])('refuses %s with the field error shape', async (query) => {
    const response = await search(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [{ field: 'postalNumber', message: '郵便番号を7桁の半角数字で入力してください。' }] });
  });

  it('refuses the code given twice', async () => {
    const response = await search('?postalNumber=8100001&postalNumber=8100002');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'postalNumber', message: expect.any(String) }]);
  });

  it('asks for the code when it is missing', async () => {
    const response = await search('');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [{ field: 'postalNumber', message: '入力が必須です。' }] });
  });
});
