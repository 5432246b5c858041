import { expect, it } from 'vitest';
import { staffAuth } from '@koza/domain/admin/rules';
import { loadConfig } from '../../src/config.ts';
import { staffCookie } from '../../src/routes/admin/staff-guard.ts';
import { hashPassword, verifyPassword } from '../../src/services/staff/staff-passwords.ts';
import { emptyWebDist } from '../helpers/app.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { auditActions, clientOf, createAdminApp, makeStaff, signInRequest, signInStaff, staffPassword, totpCode } from './admin-helpers.ts';

// Staff sign-in: scrypt hashes, the session cookie's attributes, the idle limit, sign-out, TOTP, and
// accounts an ADMIN creates (throttling, uniform answers and the rest of issue 25: sign-in-security.test.ts).

it('hashes passwords with scrypt, salted, with the cost given, and verifies only the right one', async () => {
  const one = await hashPassword('correct horse battery', 10);
  const two = await hashPassword('correct horse battery', 10);
  expect(one).toMatch(/^scrypt\$10\$8\$3\$/);
  expect(one).not.toBe(two);
  expect(await verifyPassword('correct horse battery', one)).toBe(true);
  expect(await verifyPassword('correct horse batterx', one)).toBe(false);
  expect(await verifyPassword('anything', 'not a hash')).toBe(false);
  await expect(hashPassword('x', 9)).rejects.toThrow(RangeError);
});

it('hashes with scrypt N = 2^15, r = 8, p = 3 unless a test run lowers N, and never lower in production', async () => {
  const base = { DATABASE_URL: 'sqlite::memory:', WEB_DIST_DIR: emptyWebDist() };
  expect(loadConfig({ ...base, NODE_ENV: 'development' }).staffPasswordLogN).toBe(15);
  expect(loadConfig({ ...base, NODE_ENV: 'test', STAFF_PASSWORD_LOG_N: '10' }).staffPasswordLogN).toBe(10);
  // Production refuses a lowered cost (config.test.ts), so its hashes are 2^15.
  expect(await hashPassword('x', 15)).toMatch(/^scrypt\$15\$8\$3\$/);
});

it('sets the session cookie HttpOnly and SameSite=Strict, Secure with the __Host- prefix in production', () => {
  expect(staffCookie(false, 'tok')).toBe('koza_staff=tok; Path=/; HttpOnly; SameSite=Strict');
  expect(staffCookie(true, 'tok')).toBe('__Host-koza_staff=tok; Path=/; HttpOnly; SameSite=Strict; Secure');
  expect(staffCookie(true, null)).toContain('Max-Age=0');
});

forEachDialect((dialect) => {
  it('hashes a new staff password with the configured cost (2^10 in these tests)', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const member = await makeStaff(app, '0177', 'VIEWER');
      const row = await app.deps.db.kysely.selectFrom('staffUsers').select('passwordHash').where('id', '=', member.id).executeTakeFirstOrThrow();
      expect(row.passwordHash).toMatch(/^scrypt\$10\$8\$3\$/);
    } finally {
      await app.close();
    }
  });

  it('ends a session after 30 idle minutes, and at sign-out', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const viewer = await signInStaff(app, await makeStaff(app, '0177', 'VIEWER'));
      app.clock.advance(29 * 60_000);
      expect((await viewer.get('/api/admin/session')).statusCode).toBe(200);
      app.clock.advance(29 * 60_000); // 29 minutes after the last call: still alive
      expect((await viewer.get('/api/admin/applications')).statusCode).toBe(200);
      app.clock.advance(staffAuth.idleMinutes * 60_000 + 1);
      const idle = await viewer.get('/api/admin/session');
      expect(idle.statusCode).toBe(401);

      const again = await signInStaff(app, await makeStaff(app, '0177', 'VIEWER'));
      const out = await again.post('/api/admin/sign-out');
      expect(out.statusCode).toBe(204);
      expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
      expect((await again.get('/api/admin/session')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('makes an ADMIN enrol TOTP before anything else, then asks for a fresh code at every sign-in', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const member = await makeStaff(app, '0177', 'ADMIN');
      const first = await signInRequest(app, { loginId: member.loginId, password: staffPassword });
      expect(first.json()).toMatchObject({ totpSetupRequired: true, staff: { role: 'ADMIN', bankName: '福岡銀行' } });
      const pending = clientOf(app, String(first.headers['set-cookie']).split(';')[0]!, (first.json() as { csrfToken: string }).csrfToken, '10.0.0.1');
      const blocked = await pending.get('/api/admin/staff');
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toMatchObject({ code: 'TOTP_SETUP_REQUIRED' });
      const setup = (await pending.post('/api/admin/totp/setup')).json() as { secret: string; uri: string };
      expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
      expect((await pending.post('/api/admin/totp/confirm', { totpCode: '000000' === totpCode(app, setup.secret) ? '111111' : '000000' })).statusCode).toBe(
        400,
      );
      const confirmed = await pending.post('/api/admin/totp/confirm', { totpCode: totpCode(app, setup.secret) });
      expect(confirmed.statusCode).toBe(200);
      expect((confirmed.json() as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
      expect((await pending.get('/api/admin/staff')).statusCode).toBe(200);

      app.clock.advance(60_000);
      // Without a code, the right password answers exactly like a wrong one (decision 0200).
      const withoutCode = await signInRequest(app, { loginId: member.loginId, password: staffPassword });
      expect(withoutCode.statusCode).toBe(401);
      expect(withoutCode.json()).toEqual({ code: 'SIGN_IN_FAILED', message: 'ログインID、パスワードまたはワンタイムパスワードが正しくありません。' });
      const code = totpCode(app, setup.secret);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      expect((await signInRequest(app, { loginId: member.loginId, password: staffPassword, totpCode: wrong })).json()).toMatchObject({
        code: 'SIGN_IN_FAILED',
      });
      const ok = await signInRequest(app, { loginId: member.loginId, password: staffPassword, totpCode: code });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ totpSetupRequired: false });
      // The same code cannot be used twice.
      expect((await signInRequest(app, { loginId: member.loginId, password: staffPassword, totpCode: code })).json()).toMatchObject({ code: 'SIGN_IN_FAILED' });
    } finally {
      await app.close();
    }
  });

  it('lets an ADMIN create staff of its own bank, refusing a taken login id and a short password', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const admin = await signInStaff(app, await makeStaff(app, '0181', 'ADMIN'));
      const body = { loginId: 'reviewer.kumamoto', displayName: '審査 花子', role: 'REVIEWER', password: 'a long enough passphrase' };
      const created = await admin.post('/api/admin/staff', body);
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ loginId: 'reviewer.kumamoto', role: 'REVIEWER', bankCode: '0181' });
      const taken = await admin.post('/api/admin/staff', body);
      expect(taken.statusCode).toBe(400);
      expect(taken.json()).toEqual({ errors: [{ field: 'loginId', message: 'このログインIDは既に使われています。' }] });
      const short = await admin.post('/api/admin/staff', { ...body, loginId: 'other', password: 'short' });
      expect(short.json()).toEqual({ errors: [{ field: 'password', message: 'パスワードは12文字以上で入力してください。' }] });

      const signedIn = await signInRequest(app, { loginId: 'reviewer.kumamoto', password: 'a long enough passphrase' }, undefined, '0181');
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json()).toMatchObject({
        passwordChangeRequired: true,
        staff: { role: 'REVIEWER', bankCode: '0181' },
        permissions: ['applications.read', 'applications.decide', 'applications.cancel', 'announcements.read', 'funnel.read'],
      });
      expect(await auditActions(app, '0181')).toEqual(['SIGN_IN', 'ENROL_TOTP', 'CREATE_STAFF', 'SIGN_IN']);
    } finally {
      await app.close();
    }
  });
});
