import { expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forEachDialect } from '../helpers/databases.ts';
import { createTestApp } from '../helpers/app.ts';
import { latestCode, signIn } from '../helpers/auth.ts';

// DECISIONS.md §5: a PIN, a code or a token never appears in a log. Personal data neither.

const mail = 'taro.yamada+koza@example.co.jp';
const kanji = '山田太郎';
const token = 'tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const pin = '7391';
const code = '482915';

forEachDialect((dialect) => {
  it('logs method, path, status and time, and nothing personal', async () => {
    const lines: string[] = [];
    const app = await createTestApp({
      db: await dialect.createDb(),
      logger: { stream: { write: (line) => void lines.push(line) }, level: 'trace' },
    });
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.post(
      '/api/test/pin',
      { schema: { body: z.object({ code: z.string().regex(/^[A-Za-z]+$/, '暗証番号は4桁の半角数字で入力してください。') }) } },
      async () => ({}),
    );
    typed.post('/api/test/crash', async (request) => {
      // A driver or a parser quoting the input in its message: the log must not repeat it.
      throw new Error(`duplicate key value (${JSON.stringify(request.body)}) for ${request.headers.authorization}`);
    });
    await app.ready();

    const auth = { authorization: `Bearer ${token}`, cookie: `session=${token}` };
    const body = JSON.stringify({ code: pin, verificationCode: code, mailAddress: mail, lastName: kanji });
    await app.inject({ method: 'GET', url: `/api/addresses?postalNumber=8100001&mailAddress=${encodeURIComponent(mail)}`, headers: auth });
    await app.inject({ method: 'GET', url: `/api/furigana?kanji=${encodeURIComponent(kanji)}`, headers: auth });
    await app.inject({ method: 'GET', url: `/api/verification?code=${code}&token=${token}`, headers: auth });
    await app.inject({ method: 'POST', url: '/api/test/pin', payload: body, headers: { ...auth, 'content-type': 'application/json' } });
    await app.inject({
      method: 'POST',
      url: '/api/test/pin',
      payload: `{"code": "${pin}", "mail": "${mail}"`,
      headers: { ...auth, 'content-type': 'application/json' },
    });
    await app.inject({ method: 'POST', url: '/api/test/crash', payload: body, headers: { ...auth, 'content-type': 'application/json' } });
    await app.inject({ method: 'GET', url: `/personal?mail=${encodeURIComponent(mail)}`, headers: auth });
    // Mail verification: the address, the mailed code and the token pass through register, verify and an authenticated call.
    const registerBody = { bankCode: '0177', mailAddress: mail, applicationType: 'GENERAL' };
    await app.inject({ method: 'POST', url: '/api/verification-codes/register', payload: registerBody });
    const mailedCode = await latestCode(app, mail);
    await app.inject({
      method: 'POST',
      url: '/api/verification-codes/verify',
      payload: { ...registerBody, verificationCode: '000000', channel: null, deviceId: null },
    });
    const verified = await app.inject({
      method: 'POST',
      url: '/api/verification-codes/verify',
      payload: { ...registerBody, verificationCode: mailedCode, channel: null, deviceId: null },
    });
    const issued = (verified.json() as { authenticationToken: string }).authenticationToken;
    await app.inject({ method: 'GET', url: '/api/applications', headers: { authorization: `Bearer ${issued}` } });
    const other = await signIn(app, { mailAddress: `other.${mail}` });
    await app.close();

    const log = lines.join('');
    // The test can fail: requests were logged, with their path and status…
    expect(log).toContain('"path":"/api/addresses"');
    expect(log).toContain('"path":"/api/furigana","status":401');
    expect(log).toContain('"path":"/api/verification-codes/register","status":204');
    expect(log).toContain('"path":"/api/verification-codes/verify","status":401');
    expect(log).toContain('"path":"/api/verification-codes/verify","status":200');
    expect(log).toContain('"path":"/api/applications","status":200');
    expect(log).toContain('"path":"/api/test/crash","status":500');
    expect(log).toContain('"method":"POST"');
    expect(log).toMatch(/"ms":\d+/);
    // …and the crash was logged as an error, scrubbed, with a stack that still points at the code.
    expect(log).toContain('"level":50');
    expect(log).toContain('"type":"Error"');
    expect(log).toContain('logging.test.ts:');
    // …but nothing the applicant typed or holds. The log's own random values (request ids, times,
    // process id, durations) are blanked first: a 4-digit PIN can occur in a UUID by chance.
    const ownValues = log.replace(/"(reqId|time|pid|ms)":("[^"]*"|\d+)/g, '"$1":_');
    for (const secret of [
      mail,
      encodeURIComponent(mail),
      'taro.yamada',
      kanji,
      encodeURIComponent(kanji),
      token,
      pin,
      code,
      'postalNumber=',
      '8100001',
      mailedCode,
      issued,
      other.token,
      other.mailAddress,
    ]) {
      expect(ownValues, `log contains ${secret}`).not.toContain(secret);
    }
    expect(log).not.toMatch(/\\u5c71\\u7530/); // 山田 escaped as JSON unicode
  });
});
