import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { messages } from '@koza/domain/messages';
import { banks } from '@koza/domain/banks/banks';
import { fixedClock } from '../../src/adapters/clock.ts';
import type { Db } from '../../src/db/database.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { createTestApp } from '../helpers/app.ts';
import { hosts, latestCode, uniqueIp, uniqueMailAddress } from '../helpers/auth.ts';

// POST /api/verification-codes/register and /verify (SPEC.md §7, DECISIONS.md §3), through HTTP.

const start = '2026-04-01T10:00:00+09:00';
const host = hosts['0177'];
const failed = { errors: [{ field: 'verificationCode', message: messages.verificationFailed }] };

forEachDialect((dialect) => {
  let db: Db;
  beforeAll(async () => {
    db = await dialect.createDb();
  });

  /** An app of its own with a clock of its own, on the shared database. */
  async function setUp() {
    const clock = fixedClock(start);
    const app = await createTestApp({ db, clock });
    const ip = uniqueIp();
    const register = (mailAddress: string, extra: Record<string, unknown> = {}, h: string = host, remoteAddress = ip) =>
      app.inject({
        method: 'POST',
        url: '/api/verification-codes/register',
        headers: { host: h },
        remoteAddress,
        payload: { bankCode: '0177', mailAddress, applicationType: 'GENERAL', ...extra },
      });
    const verify = (mailAddress: string, verificationCode: string, extra: Record<string, unknown> = {}, h: string = host) =>
      app.inject({
        method: 'POST',
        url: '/api/verification-codes/verify',
        headers: { host: h },
        remoteAddress: ip,
        payload: { bankCode: '0177', mailAddress, verificationCode, channel: null, deviceId: null, applicationType: 'GENERAL', ...extra },
      });
    const mails = async (to: string) =>
      (await app.inject({ method: 'GET', url: `/__dev/mails?to=${encodeURIComponent(to)}`, headers: { host } })).json() as {
        to: string;
        subject: string;
        text: string;
        sentAt: string;
      }[];
    return { app, clock, register, verify, mails, ip };
  }

  describe('register', () => {
    let t: Awaited<ReturnType<typeof setUp>>;
    beforeAll(async () => {
      t = await setUp();
    });
    afterAll(() => t.app.close());

    it('answers 204 and mails a Japanese message with the bank, a 6-digit code, its validity and the contact point', async () => {
      const address = uniqueMailAddress();
      const response = await t.register(address);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');

      const [mail, ...older] = await t.mails(address);
      expect(older).toEqual([]);
      const bank = banks['0177'];
      expect(mail!.to).toBe(address);
      expect(mail!.sentAt).toBe('2026-04-01T10:00:00+09:00');
      expect(mail!.subject).toContain('福岡銀行');
      expect(mail!.subject).toContain('認証コード');
      expect(mail!.text).toMatch(/認証コード：\d{6}\n/);
      expect(mail!.text).toContain('10分間');
      expect(mail!.text).toContain('お心当たりのない場合');
      expect(mail!.text).toContain(bank.contact.centreName);
      expect(mail!.text).toContain(bank.contact.phoneNumber);
      expect(mail!.text).toContain('平日 9:00～17:00');
    });

    it("uses the host's bank in the mail", async () => {
      const address = uniqueMailAddress();
      const response = await t.register(address, { bankCode: '0587' }, hosts['0587']);
      expect(response.statusCode).toBe(204);
      const [mail] = await t.mails(address);
      expect(mail!.subject).toContain('熊本銀行');
      expect(mail!.text).toContain('熊本銀行 Web口座開設サポートセンター');
      expect(mail!.text).toContain('平日 9:00～17:30');
      expect(mail!.text).not.toContain('福岡銀行');
    });

    it('stores the code only as a keyed hash', async () => {
      const address = uniqueMailAddress();
      await t.register(address);
      const code = await latestCode(t.app, address);
      const rows = await db.kysely.selectFrom('verificationCodes').selectAll().execute();
      const row = rows.find((r) => r.mailAddress === address)!;
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(rows)).not.toContain(code);
      expect(row.expiresAt - row.createdAt).toBe(10 * 60_000);
    });

    it('refuses a bank code that is not the host bank', async () => {
      for (const bankCode of ['0587', '9999', '']) {
        const response = await t.register(uniqueMailAddress(), { bankCode });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ errors: [{ field: 'bankCode', message: messages.bankMismatch }] });
      }
    });

    it('refuses a malformed address with the address message', async () => {
      for (const mailAddress of ['', 'taro', 'taro@localhost', 'a b@example.jp', `${'a'.repeat(250)}@example.jp`, 12, null]) {
        const response = await t.register(mailAddress as string);
        expect(response.statusCode, String(mailAddress)).toBe(400);
        expect(response.json()).toEqual({ errors: [{ field: 'mailAddress', message: messages.mailInvalid }] });
      }
    });

    it('refuses malformed bodies with 400 and never 5xx', async () => {
      const bad = [
        { payload: 'not json', type: 'application/json' },
        { payload: '{"mailAddress":', type: 'application/json' },
        { payload: '[]', type: 'application/json' },
        { payload: 'mailAddress=a@example.jp', type: 'application/x-www-form-urlencoded' },
      ];
      for (const b of bad) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/verification-codes/register',
          headers: { host, 'content-type': b.type },
          payload: b.payload,
        });
        expect([400, 415], b.payload).toContain(response.statusCode);
      }
      const noType = await t.register(uniqueMailAddress(), { applicationType: 'ADULT' });
      expect(noType.statusCode).toBe(400);
      expect(noType.json()).toEqual({ errors: [{ field: 'applicationType', message: messages.selectRequired }] });
    });

    it('answers the same for an address that already has an application and for a new one', async () => {
      const known = uniqueMailAddress('known');
      await t.register(known);
      const ok = await t.verify(known, await latestCode(t.app, known));
      expect(ok.statusCode).toBe(200);
      t.clock.advance(31_000);

      const a = await t.register(known);
      const b = await t.register(uniqueMailAddress('unknown'));
      expect(a.statusCode).toBe(204);
      expect(b.statusCode).toBe(204);
      expect(a.body).toBe(b.body);
      const strip = (h: Record<string, unknown>) =>
        Object.keys(h)
          .filter((k) => k !== 'date')
          .sort();
      expect(strip(a.headers)).toEqual(strip(b.headers));
    });
  });

  describe('sending limits', () => {
    it('allows one mail per address per 30 seconds, with Retry-After', async () => {
      const t = await setUp();
      const address = uniqueMailAddress();
      expect((await t.register(address)).statusCode).toBe(204);
      t.clock.advance(10_000);
      const refused = await t.register(address);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('20');
      expect(refused.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: messages.tooManyRequests });
      // Case does not make another address.
      expect((await t.register(address.toUpperCase())).statusCode).toBe(429);
      t.clock.advance(21_000);
      expect((await t.register(address)).statusCode).toBe(204);
      await t.app.close();
    });

    it('allows five mails per address per hour', async () => {
      const t = await setUp();
      const address = uniqueMailAddress();
      for (let i = 0; i < 5; i++) {
        expect((await t.register(address)).statusCode, `mail ${i + 1}`).toBe(204);
        t.clock.advance(31_000);
      }
      const sixth = await t.register(address);
      expect(sixth.statusCode).toBe(429);
      expect(Number(sixth.headers['retry-after'])).toBe(3600 - 5 * 31);
      expect(await t.mails(address)).toHaveLength(5);
      t.clock.advance((3600 - 5 * 31) * 1000);
      expect((await t.register(address)).statusCode).toBe(204);
      await t.app.close();
    });

    it('allows thirty mails per client IP per hour', async () => {
      const t = await setUp();
      for (let i = 0; i < 30; i++) expect((await t.register(uniqueMailAddress())).statusCode, `mail ${i + 1}`).toBe(204);
      const refused = await t.register(uniqueMailAddress());
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBe(3600);
      // Another client is not affected.
      expect((await t.register(uniqueMailAddress(), {}, host, uniqueIp())).statusCode).toBe(204);
      await t.app.close();
    });

    it('takes the client IP from X-Forwarded-For only behind a configured proxy (TRUST_PROXY)', async () => {
      const app = await createTestApp({ db, clock: fixedClock(start), env: { TRUST_PROXY: 'true' } });
      const client = uniqueIp();
      const send = () =>
        app.inject({
          method: 'POST',
          url: '/api/verification-codes/register',
          headers: { host, 'x-forwarded-for': client },
          remoteAddress: uniqueIp(), // the load balancer's addresses change; the client stays
          payload: { bankCode: '0177', mailAddress: uniqueMailAddress(), applicationType: 'GENERAL' },
        });
      for (let i = 0; i < 30; i++) expect((await send()).statusCode).toBe(204);
      expect((await send()).statusCode).toBe(429);
      await app.close();
    });

    it('shares the limits between instances on one database', async () => {
      const a = await setUp();
      const b = await setUp();
      const address = uniqueMailAddress();
      expect((await a.register(address)).statusCode).toBe(204);
      expect((await b.register(address)).statusCode).toBe(429);
      await a.app.close();
      await b.app.close();
    });
  });

  describe('verify', () => {
    it('returns a token that opens the application, and stores only its hash', async () => {
      const t = await setUp();
      const address = uniqueMailAddress();
      await t.register(address);
      const response = await t.verify(address, await latestCode(t.app, address));
      expect(response.statusCode).toBe(200);
      const { authenticationToken } = response.json() as { authenticationToken: string };
      expect(authenticationToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const applications = await t.app.inject({ method: 'GET', url: '/api/applications', headers: { host, authorization: `Bearer ${authenticationToken}` } });
      expect(applications.statusCode).toBe(200);
      expect(applications.json()).toMatchObject({ application: { bankCode: '0177', applicationType: 'GENERAL', lastName: null }, applicationParent: null });

      const sessions = await db.kysely.selectFrom('authSessions').selectAll().execute();
      expect(JSON.stringify(sessions)).not.toContain(authenticationToken);
      expect(sessions.find((s) => s.mailAddress === address)?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      await t.app.close();
    });

    it('accepts the code as typed: full-width digits and spaces', async () => {
      const t = await setUp();
      const address = uniqueMailAddress();
      await t.register(address);
      const code = await latestCode(t.app, address);
      const typed = ` ${code.slice(0, 3)}\u3000${[...code.slice(3)].map((d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0)).join('')} `;
      expect((await t.verify(address, typed)).statusCode).toBe(200);
      await t.app.close();
    });

    it('answers 401 with the message for a wrong code, and consumes a right one', async () => {
      const t = await setUp();
      const address = uniqueMailAddress();
      await t.register(address);
      const code = await latestCode(t.app, address);
      const wrong = await t.verify(address, code === '000000' ? '111111' : '000000');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual(failed);
      expect((await t.verify(address, code)).statusCode).toBe(200);
      const again = await t.verify(address, code);
      expect(again.statusCode).toBe(401);
      expect(again.json()).toEqual(failed);
      await t.app.close();
    });

    it('keeps the code when the session cannot be opened (the database failed meanwhile): the next try succeeds', async () => {
      const t = await setUp();
      const address = uniqueMailAddress();
      await t.register(address);
      const code = await latestCode(t.app, address);
      // The session's table is away: the code was found and compared, then the transaction fails.
      await sql`alter table auth_sessions rename to auth_sessions_away`.execute(db.kysely);
      try {
        expect((await t.verify(address, code)).statusCode).toBeGreaterThanOrEqual(500);
      } finally {
        await sql`alter table auth_sessions_away rename to auth_sessions`.execute(db.kysely);
      }
      expect((await t.verify(address, code)).statusCode).toBe(200);
      expect((await t.verify(address, code)).statusCode).toBe(401);
      await t.app.close();
    });

    it('answers 401 for an address, bank or application type without a code', async () => {
      const t = await setUp();
      const address = uniqueMailAddress();
      await t.register(address);
      const code = await latestCode(t.app, address);
      expect((await t.verify(uniqueMailAddress(), code)).json()).toEqual(failed);
      expect((await t.verify(address, code, { applicationType: 'CHILD' })).statusCode).toBe(401);
      expect((await t.verify(address, code, { bankCode: '0587' }, hosts['0587'])).statusCode).toBe(401);
      expect((await t.verify(address, code)).statusCode).toBe(200);
      await t.app.close();
    });

    it('kills the code at the fifth wrong try: the right code then fails until a new one is sent', async () => {
      const t = await setUp();
      const address = uniqueMailAddress();
      await t.register(address);
      const code = await latestCode(t.app, address);
      const wrongCode = code === '123456' ? '654321' : '123456';
      for (let i = 0; i < 5; i++) expect((await t.verify(address, wrongCode)).statusCode).toBe(401);
      const right = await t.verify(address, code);
      expect(right.statusCode).toBe(401);
      expect(right.json()).toEqual(failed);

      t.clock.advance(31_000);
      await t.register(address);
      const fresh = await latestCode(t.app, address);
      expect((await t.verify(address, fresh)).statusCode).toBe(200);
      await t.app.close();
    });

    it('accepts the right code after four wrong tries', async () => {
      const t = await setUp();
      const address = uniqueMailAddress();
      await t.register(address);
      const code = await latestCode(t.app, address);
      const wrongCode = code === '123456' ? '654321' : '123456';
      for (let i = 0; i < 4; i++) expect((await t.verify(address, wrongCode)).statusCode).toBe(401);
      expect((await t.verify(address, code)).statusCode).toBe(200);
      await t.app.close();
    });

    it('counts parallel guesses: no more than five are compared', async () => {
      const t = await setUp();
      const address = uniqueMailAddress();
      await t.register(address);
      const code = await latestCode(t.app, address);
      const wrongCode = code === '123456' ? '654321' : '123456';
      const answers = await Promise.all(Array.from({ length: 12 }, () => t.verify(address, wrongCode)));
      expect(answers.every((a) => a.statusCode === 401)).toBe(true);
      expect((await t.verify(address, code)).statusCode).toBe(401);
      await t.app.close();
    });

    it('refuses a code after its 10 minutes', async () => {
      const t = await setUp();
      const early = uniqueMailAddress();
      const late = uniqueMailAddress();
      await t.register(early);
      await t.register(late);
      t.clock.advance(10 * 60_000 - 1_000);
      expect((await t.verify(early, await latestCode(t.app, early))).statusCode).toBe(200);
      t.clock.advance(1_000);
      const expired = await t.verify(late, await latestCode(t.app, late));
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual(failed);
      await t.app.close();
    });

    it('replaces the old code with a new one', async () => {
      const t = await setUp();
      const address = uniqueMailAddress();
      await t.register(address);
      const first = await latestCode(t.app, address);
      t.clock.advance(31_000);
      await t.register(address);
      const second = await latestCode(t.app, address);
      if (first !== second) expect((await t.verify(address, first)).statusCode).toBe(401);
      expect((await t.verify(address, second)).statusCode).toBe(200);
      await t.app.close();
    });

    it('refuses a bank code that is not the host bank, and malformed bodies, with 400', async () => {
      const t = await setUp();
      const address = uniqueMailAddress();
      await t.register(address);
      const code = await latestCode(t.app, address);
      const mismatch = await t.verify(address, code, { bankCode: '0181' });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toEqual({ errors: [{ field: 'bankCode', message: messages.bankMismatch }] });

      const short = await t.verify(address, '12345');
      expect(short.statusCode).toBe(400);
      expect(short.json()).toEqual(failed);
      const empty = await t.verify(address, '');
      expect(empty.json()).toEqual({ errors: [{ field: 'verificationCode', message: messages.required }] });
      const badMail = await t.verify('nobody', code);
      expect(badMail.json()).toEqual({ errors: [{ field: 'mailAddress', message: messages.mailInvalid }] });
      const notJson = await t.app.inject({
        method: 'POST',
        url: '/api/verification-codes/verify',
        headers: { host, 'content-type': 'application/json' },
        payload: '{',
      });
      expect(notJson.statusCode).toBe(400);
      // None of these used a try: the code still works.
      expect((await t.verify(address, code)).statusCode).toBe(200);
      await t.app.close();
    });

    it('keeps channel and device id on the application and the session; SPEC.md §3 "channel (kept to 20 characters)": cuts a longer channel, drops invalid ones', async () => {
      const t = await setUp();
      const deviceId = '3f2a6c1e-8b4d-4e7a-9c2f-1a2b3c4d5e6f';
      const address = uniqueMailAddress();
      await t.register(address);
      const ok = await t.verify(address, await latestCode(t.app, address), { channel: 'campaign', deviceId });
      expect(ok.statusCode).toBe(200);
      const app1 = await db.kysely.selectFrom('applications').selectAll().where('mailAddress', '=', address).executeTakeFirstOrThrow();
      expect(app1).toMatchObject({ channel: 'campaign', deviceId, status: 'DRAFT' });
      const session = await db.kysely.selectFrom('authSessions').selectAll().where('mailAddress', '=', address).executeTakeFirstOrThrow();
      expect(session).toMatchObject({ deviceId, bankCode: '0177', applicationType: 'GENERAL', applicationId: app1.id });

      const other = uniqueMailAddress();
      t.clock.advance(31_000);
      await t.register(other);
      const dropped = await t.verify(other, await latestCode(t.app, other), { channel: 'x/'.repeat(11), deviceId: 'not-a-uuid' });
      expect(dropped.statusCode).toBe(200);
      const app2 = await db.kysely.selectFrom('applications').selectAll().where('mailAddress', '=', other).executeTakeFirstOrThrow();
      expect(app2).toMatchObject({ channel: null, deviceId: null });

      const third = uniqueMailAddress();
      t.clock.advance(31_000);
      await t.register(third);
      const cut = await t.verify(third, await latestCode(t.app, third), { channel: 'x'.repeat(21) });
      expect(cut.statusCode).toBe(200);
      const app3 = await db.kysely.selectFrom('applications').selectAll().where('mailAddress', '=', third).executeTakeFirstOrThrow();
      expect(app3.channel).toBe('x'.repeat(20));
      await t.app.close();
    });
  });
});
