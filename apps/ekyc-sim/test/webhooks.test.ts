import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { maxAttempts } from '../src/webhooks.ts';
import { apiKey, createSession, getSession, makeApp, startReceiver, testConfig, validSignature } from './helpers.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function receiver(statuses: number[] = []) {
  const r = await startReceiver(statuses);
  cleanups.push(r.close);
  return r;
}

function app(options: Parameters<typeof makeApp>[0] = {}): FastifyInstance {
  const instance = makeApp(options);
  cleanups.push(() => instance.close());
  return instance;
}

const simulate = (instance: FastifyInstance, sessionId: string, outcome: string) =>
  instance.inject({ method: 'POST', url: `/v1/sessions/${sessionId}/simulate`, headers: { 'x-api-key': apiKey }, payload: { outcome } });

describe('result webhooks', () => {
  it('posts { sessionId, status } signed with HMAC-SHA256 of the raw body', async () => {
    const bank = await receiver();
    const sim = app();
    await sim.ready();
    const { sessionId } = await createSession(sim, { callbackUrl: bank.url });
    expect((await simulate(sim, sessionId, 'PASSED')).statusCode).toBe(200);

    const [delivery] = await bank.waitFor(1);
    expect(delivery).toBeDefined();
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(delivery!.body)).toEqual({ sessionId, status: 'PASSED' });
    expect(delivery!.headers['x-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(validSignature(delivery!.body, delivery!.headers['x-signature'])).toBe(true);
    expect(validSignature(delivery!.body, delivery!.headers['x-signature'], 'another-secret')).toBe(false);
    expect(validSignature(delivery!.body.replace('PASSED', 'FAILED'), delivery!.headers['x-signature'])).toBe(false);
  });

  it('retries after the receiver answers 500, then stops once it answers 200', async () => {
    const bank = await receiver([500, 200]);
    const sim = app();
    await sim.ready();
    const { sessionId } = await createSession(sim, { callbackUrl: bank.url });
    await simulate(sim, sessionId, 'FAILED');

    const received = await bank.waitFor(2);
    expect(received.map((r) => r.body)).toEqual([received[0]!.body, received[0]!.body]);
    expect(received.every((r) => validSignature(r.body, r.headers['x-signature']))).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(bank.received).toHaveLength(2);
    const [row] = sim.sim.store.deliveriesFor(sessionId);
    expect(row).toMatchObject({ attempts: 2, nextAttemptAt: null, lastError: null });
    expect(row!.deliveredAt).not.toBeNull();
  });

  it(`gives up after ${maxAttempts} failed attempts`, async () => {
    const bank = await receiver(Array.from({ length: 10 }, () => 503));
    const sim = app({ webhookBackoffMs: 5 });
    await sim.ready();
    const { sessionId } = await createSession(sim, { callbackUrl: bank.url });
    await simulate(sim, sessionId, 'PASSED');
    await bank.waitFor(maxAttempts);
    await new Promise((r) => setTimeout(r, 300));
    expect(bank.received).toHaveLength(maxAttempts);
    expect(sim.sim.store.deliveriesFor(sessionId)[0]).toMatchObject({ attempts: maxAttempts, nextAttemptAt: null, deliveredAt: null, lastError: 'HTTP 503' });
  });

  it('keeps undelivered webhooks in the database and resumes them after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ekyc-sim-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const config = testConfig({ SIM_DATABASE: join(dir, 'sim.sqlite') });
    const bank = await receiver([500]);

    const first = makeApp({ config, webhookBackoffMs: 60_000 });
    await first.ready();
    const { sessionId } = await createSession(first, { callbackUrl: bank.url });
    await simulate(first, sessionId, 'ADDRESS_MISMATCH');
    await bank.waitFor(1);
    await first.close();

    // A minute later (the retry is due), a new process on the same file delivers it.
    const second = app({ config, clock: () => Date.now() + 61_000 });
    await second.ready();
    const received = await bank.waitFor(2);
    expect(JSON.parse(received[1]!.body)).toEqual({ sessionId, status: 'ADDRESS_MISMATCH' });
    expect((await getSession(second, sessionId)).status).toBe('ADDRESS_MISMATCH');
  });
});

describe('expiry', () => {
  it('expires a session left alone for an hour and notifies the bank', async () => {
    let now = Date.parse('2026-04-01T00:00:00Z');
    const bank = await receiver();
    const sim = app({ clock: () => now });
    await sim.ready();
    const { sessionId } = await createSession(sim, { callbackUrl: bank.url });

    now += 59 * 60 * 1000;
    expect((await getSession(sim, sessionId)).status).toBe('CREATED');
    now += 60 * 1000;
    const session = await getSession(sim, sessionId);
    expect(session).toMatchObject({ status: 'EXPIRED', result: { status: 'EXPIRED' } });

    const [delivery] = await bank.waitFor(1);
    expect(JSON.parse(delivery!.body)).toEqual({ sessionId, status: 'EXPIRED' });
  });

  it('expires sessions in the background even when nobody asks', async () => {
    let now = Date.parse('2026-04-01T00:00:00Z');
    const bank = await receiver();
    const sim = app({ clock: () => now });
    await sim.ready();
    const { sessionId } = await createSession(sim, { callbackUrl: bank.url });
    now += 60 * 60 * 1000 + 1;
    const [delivery] = await bank.waitFor(1);
    expect(JSON.parse(delivery!.body)).toEqual({ sessionId, status: 'EXPIRED' });
  });

  it('does not expire a submitted session; a delayed result arrives when due', async () => {
    let now = Date.parse('2026-04-01T00:00:00Z');
    const sim = app({ clock: () => now, config: testConfig({ SIM_DECISION_DELAY_MS: '600000' }) });
    const abandoned = await createSession(sim, { method: 'JPKI' });
    const created = await createSession(sim, { method: 'JPKI' });
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const read = await sim.inject({ method: 'POST', url: `${created.path}/jpki/read?t=${created.token}`, headers: form, payload: 'password=ABC123' });
    expect(read.statusCode).toBe(303);
    const submit = await sim.inject({ method: 'POST', url: `${created.path}/submit?t=${created.token}`, headers: form, payload: 'outcome=FAILED' });
    expect(submit.statusCode).toBe(303);

    now += 5 * 60 * 1000;
    expect((await getSession(sim, created.sessionId)).status).toBe('SUBMITTED');
    now += 2 * 60 * 60 * 1000;
    expect((await getSession(sim, created.sessionId)).status).toBe('FAILED');
    expect((await getSession(sim, abandoned.sessionId)).status).toBe('EXPIRED');
  });
});
