import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiKey, applicant, createSession, getSession, makeApp, sessionBody } from './helpers.ts';

describe('server-to-server API', () => {
  let app: FastifyInstance;
  beforeEach(() => {
    app = makeApp();
  });
  afterEach(() => app.close());

  it('answers the health check without a key', async () => {
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('requires the X-Api-Key header', async () => {
    const missing = await app.inject({ method: 'POST', url: '/v1/sessions', payload: sessionBody() });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ error: 'unauthorized' });
    const wrong = await app.inject({ method: 'POST', url: '/v1/sessions', headers: { 'x-api-key': 'nope' }, payload: sessionBody() });
    expect(wrong.statusCode).toBe(401);
    const { sessionId } = await createSession(app);
    const read = await app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` });
    expect(read.statusCode).toBe(401);
  });

  it('creates a session with an unguessable browser url and reads it back', async () => {
    const response = await app.inject({ method: 'POST', url: '/v1/sessions', headers: { 'x-api-key': apiKey }, payload: sessionBody() });
    expect(response.statusCode).toBe(201);
    const body = response.json() as { sessionId: string; url: string; method: string; status: string };
    expect(body).toMatchObject({ method: 'PHOTO_ID_AND_FACE', status: 'CREATED' });
    expect(body.url).toMatch(new RegExp(`^http://sim\\.test/s/${body.sessionId}\\?t=[A-Za-z0-9_-]{43}$`));

    const read = await app.inject({ method: 'GET', url: `/v1/sessions/${body.sessionId}`, headers: { 'x-api-key': apiKey } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ sessionId: body.sessionId, reference: 'APP-0001', method: 'PHOTO_ID_AND_FACE', status: 'CREATED' });
    expect(read.json()).not.toHaveProperty('result');
  });

  it('answers 404 for an unknown session', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/sessions/does-not-exist', headers: { 'x-api-key': apiKey } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found' });
  });

  it.each([
    ['a returnUrl that is not http(s)', { returnUrl: 'javascript:alert(1)' }, 'returnUrl'],
    ['a callbackUrl that is not http(s)', { callbackUrl: 'ftp://bank.test/cb' }, 'callbackUrl'],
    ['an unknown method', { method: 'FINGERPRINT' }, 'method'],
    ['an impossible birthday', { applicant: { ...applicant, birthday: '1990-02-30' } }, 'applicant.birthday'],
    ['a missing applicant name', { applicant: { birthday: '1990-04-01', address: '福岡県' } }, 'applicant.name'],
    ['an empty reference', { reference: '' }, 'reference'],
  ])('refuses %s with 400', async (_label, overrides, path) => {
    const response = await app.inject({ method: 'POST', url: '/v1/sessions', headers: { 'x-api-key': apiKey }, payload: sessionBody(overrides) });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { error: string; issues: Array<{ path: string }> };
    expect(body.error).toBe('invalid_request');
    expect(body.issues.map((i) => i.path)).toContain(path);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/sessions',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      payload: '{"reference":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('simulates a result once; later attempts conflict', async () => {
    const { sessionId } = await createSession(app);
    const simulate = (outcome: string) =>
      app.inject({ method: 'POST', url: `/v1/sessions/${sessionId}/simulate`, headers: { 'x-api-key': apiKey }, payload: { outcome } });
    const first = await simulate('ADDRESS_MISMATCH');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ sessionId, status: 'ADDRESS_MISMATCH', result: { status: 'ADDRESS_MISMATCH' } });
    expect((await simulate('PASSED')).statusCode).toBe(409);
    expect((await getSession(app, sessionId)).status).toBe('ADDRESS_MISMATCH');
    expect((await simulate('MAYBE')).statusCode).toBe(400);
  });

  it('returns the certified identity with a passed JPKI session', async () => {
    const { sessionId, method } = await createSession(app, { method: 'JPKI' });
    expect(method).toBe('JPKI');
    await app.inject({ method: 'POST', url: `/v1/sessions/${sessionId}/simulate`, headers: { 'x-api-key': apiKey }, payload: { outcome: 'PASSED' } });
    const session = await getSession(app, sessionId);
    expect(session).toMatchObject({ status: 'PASSED', result: { status: 'PASSED', certified: applicant } });
  });

  it('gives no certified identity for photo sessions or failed JPKI sessions', async () => {
    const photo = await createSession(app);
    const jpki = await createSession(app, { method: 'JPKI' });
    for (const [id, outcome] of [
      [photo.sessionId, 'PASSED'],
      [jpki.sessionId, 'FAILED'],
    ] as const) {
      await app.inject({ method: 'POST', url: `/v1/sessions/${id}/simulate`, headers: { 'x-api-key': apiKey }, payload: { outcome } });
      const session = await getSession(app, id);
      expect(session.result).toBeDefined();
      expect(session.result).not.toHaveProperty('certified');
    }
  });

  it('reports what the document read gave: the applicant for PASSED, an earlier address for ADDRESS_MISMATCH', async () => {
    const passed = await createSession(app);
    const mismatch = await createSession(app);
    const decide = (id: string, payload: object) =>
      app.inject({ method: 'POST', url: `/v1/sessions/${id}/simulate`, headers: { 'x-api-key': apiKey }, payload });
    await decide(passed.sessionId, { outcome: 'PASSED' });
    await decide(mismatch.sessionId, { outcome: 'ADDRESS_MISMATCH' });
    expect((await getSession(app, passed.sessionId)).result).toMatchObject({ read: applicant });
    expect((await getSession(app, mismatch.sessionId)).result).toMatchObject({ read: { ...applicant, address: '福岡県福岡市中央区天神2丁目1番1号' } });
  });

  it('lets a test make the read data differ with /simulate read, and refuses unknown fields', async () => {
    const { sessionId } = await createSession(app);
    const decide = (payload: object) => app.inject({ method: 'POST', url: `/v1/sessions/${sessionId}/simulate`, headers: { 'x-api-key': apiKey }, payload });
    expect((await decide({ outcome: 'PASSED', read: { mailAddress: 'x' } })).statusCode).toBe(400);
    expect((await decide({ outcome: 'PASSED', read: { name: '山田 太朗', birthday: '1990-04-02' } })).statusCode).toBe(200);
    expect((await getSession(app, sessionId)).result).toMatchObject({ read: { name: '山田 太朗', birthday: '1990-04-02', address: applicant.address } });
  });
});
