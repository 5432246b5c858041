import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../src/app.ts';
import { jsonBodyLimitBytes } from '../../src/app.ts';
import { ApiError } from '../../src/http/errors.ts';
import { FieldValidationError } from '../../src/services/platform/refusals.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { createTestApp } from '../helpers/app.ts';

// What a client can send must never produce a 5xx, and no answer carries a stack or an internal message.

forEachDialect((dialect) => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ db: await dialect.createDb() });
    // Routes standing in for the later features, to drive the error handler.
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.post(
      '/api/test/echo',
      { schema: { body: z.object({ lastName: z.string({ error: '入力が必須です。' }).max(3, '3文字以内で入力してください。'), age: z.number() }) } },
      async (request) => request.body,
    );
    typed.post('/api/test/conflict', async () => {
      throw new ApiError(409);
    });
    typed.post('/api/test/rule', async () => {
      throw new FieldValidationError([
        { field: 'addressPrefecture', message: 'お住まいの地域ではWebでのお申込みができません。お近くの支店にご相談ください。' },
      ]);
    });
    typed.get('/api/test/crash', async () => {
      throw new Error('secret internal detail at /srv/app.ts:12');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (url: string, payload: string, contentType = 'application/json') =>
    app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

  it('answers malformed JSON with 400 JSON', async () => {
    const response = await post('/api/test/echo', '{"lastName": "山田", ');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: expect.any(String) });
  });

  it('answers an empty JSON body with 400', async () => {
    const response = await post('/api/test/echo', '');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await post('/api/test/echo', JSON.stringify({ lastName: 'x'.repeat(jsonBodyLimitBytes), age: 1 }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: '送信されたデータが大きすぎます。' });
  });

  it('answers an unsupported media type with 415', async () => {
    const response = await post('/api/test/echo', 'lastName=x', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.any(String) });
  });

  it('answers schema errors with the field shape, one message per field, in Japanese', async () => {
    const response = await post('/api/test/echo', JSON.stringify({ lastName: '山田太郎', age: 'x' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [
        { field: 'lastName', message: '3文字以内で入力してください。' },
        { field: 'age', message: '入力が必須です。' },
      ],
    });
  });

  it('answers a JSON body that is not an object with the field shape', async () => {
    const response = await post('/api/test/echo', '"just a string"');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [{ field: 'body', message: '入力が必須です。' }] });
  });

  it('passes a service rule error through in the field shape', async () => {
    const response = await post('/api/test/rule', '{}');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [{ field: 'addressPrefecture', message: 'お住まいの地域ではWebでのお申込みができません。お近くの支店にご相談ください。' }],
    });
  });

  it('answers an ApiError with its status and code', async () => {
    const response = await post('/api/test/conflict', '{}');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'CONFLICT', message: expect.any(String) });
  });

  it('answers an unknown /api path with 404 JSON, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/no/such/thing?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
    }
    const wrongMethod = await app.inject({ method: 'DELETE', url: '/api/health' });
    expect(wrongMethod.statusCode).toBe(404);
    expect(wrongMethod.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers a URL that does not decode with 400 JSON', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: expect.any(String) });
  });

  it('turns a crash into a plain 500: no stack, no internal message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'ご迷惑をお掛けしており、誠に申し訳ございません。しばらく経ってから再度お申込をお願いいたします。',
    });
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('.ts');
  });

  it('survives hostile input without a 5xx', async () => {
    const attempts = [
      app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload: '{"__proto__": {"x": 1}, "lastName": "a", "age": 1}',
        headers: { 'content-type': 'application/json' },
      }),
      app.inject({ method: 'POST', url: '/api/test/echo', payload: '{"constructor": {"prototype": {}}}', headers: { 'content-type': 'application/json' } }),
      app.inject({ method: 'POST', url: '/api/test/echo', payload: '[]', headers: { 'content-type': 'application/json; charset=shift_jis' } }),
      app.inject({ method: 'POST', url: '/api/test/echo', payload: 'x', headers: { 'content-type': 'text/plain' } }),
      app.inject({ method: 'GET', url: '/api/addresses?postalNumber[]=1' }),
      app.inject({ method: 'GET', url: `/api/addresses?postalNumber=${'9'.repeat(5000)}` }),
      app.inject({ method: 'GET', url: '/api/health', headers: { host: '' } }),
      app.inject({ method: 'GET', url: '/api/health', headers: { host: '[::1]:3000' } }),
      app.inject({ method: 'GET', url: '/../../etc/passwd' }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, `${response.statusCode} ${response.body}`).toBeLessThan(500);
      expect(response.body).not.toMatch(/at .+\.(ts|js):\d+/);
    }
  });
});
