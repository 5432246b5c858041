import { expect, it } from 'vitest';
import { adminMessages } from '@koza/domain/admin/messages';
import { staffThrottle } from '@koza/domain/admin/rules';
import { forEachDialect } from '../helpers/databases.ts';
import { uniqueIp } from '../helpers/auth.ts';
import { SoftwareAuthenticator } from '../helpers/software-authenticator.ts';
import { bankHost, createAdminApp, makeStaff, passwordSignIn, signInRequest, signInStaff, staffPassword } from './admin-helpers.ts';
import type { AdminApp, SignedInClient, StaffClient } from './admin-helpers.ts';

// Issue 42, findings 2 and 3, each as the attack was tried (decisions 0233 and 0220, amended
// 2026-12-02): in four-eyes mode one ADMIN alone no longer restarts an account two ADMINs stopped,
// nor lifts an ADMIN's sign-in limit, and a restarted account comes back with none of its old
// credentials; a stolen staff session (the cookie and its CSRF token) no longer adds or removes a
// passkey or changes the password without the member's second factor.

const origin = `http://${bankHost('0177')}`;
const waiting = { awaitingConfirmation: true, oneTimePassword: null };
const otpPattern = /^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}$/;

interface Options {
  challengeId: string;
  options: { challenge: string; rpId?: string; rp: { id: string }; user: { id: string } };
}

type Listed = { id: string; disabled: boolean; pendingEnable: boolean; pendingUnlock: boolean; totpEnabled: boolean; changedBy: string[] };
const listed = async (admin: StaffClient, id: string): Promise<Listed> =>
  ((await admin.get('/api/admin/staff')).json() as { items: Listed[] }).items.find((m) => m.id === id)!;

/** A passkey registered by the member, with their second factor asked again. */
async function registeredPasskey(client: SignedInClient) {
  const authenticator = new SoftwareAuthenticator();
  const started = await client.post('/api/admin/passkeys/options', { totpCode: client.freshCode() });
  expect(started.statusCode, started.body).toBe(200);
  const { challengeId, options } = started.json() as Options;
  expect((await client.post('/api/admin/passkeys', { challengeId, response: authenticator.register(options, origin) })).statusCode).toBe(201);
  return authenticator;
}

/** The sign-in's passkey challenge and the authenticator's answer to it (also what a change takes instead of a code). */
async function passkeyAnswer(app: AdminApp, authenticator: SoftwareAuthenticator) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/sign-in/passkey-options',
    headers: { host: bankHost('0177') },
    remoteAddress: uniqueIp(),
  });
  const { challengeId, options } = response.json() as Options;
  return { challengeId, response: authenticator.assert(options, origin, options.rpId) };
}

forEachDialect((dialect) => {
  it('finding 2: one ADMIN alone cannot restart an ADMIN two stopped, nor a stopped reviewer, nor lift an ADMIN’s limit; a restart revives no old credential', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const [a1, a2, a3] = [await makeStaff(app, '0177', 'ADMIN'), await makeStaff(app, '0177', 'ADMIN'), await makeStaff(app, '0177', 'ADMIN')];
      const first = await signInStaff(app, a1);
      const second = await signInStaff(app, a2);
      const dismissed = await signInStaff(app, a3);
      const oldKey = await registeredPasskey(dismissed);

      // A3's sign-in limit (a stranger's guesses): A1 alone asks, it waits; A2 lifts it.
      const stranger = uniqueIp();
      for (let i = 0; i < staffThrottle.accountAddress.free; i++) await signInRequest(app, { loginId: a3.loginId, password: `guess ${i}` }, stranger);
      const limited = () => signInRequest(app, { loginId: a3.loginId, password: staffPassword, passkey: undefined }, stranger);
      expect((await limited()).statusCode).toBe(429);
      expect((await first.post(`/api/admin/staff/${a3.id}/unlock`)).json()).toEqual(waiting);
      expect(await listed(first, a3.id)).toMatchObject({ pendingUnlock: true, changedBy: [expect.any(String)] });
      expect((await limited()).statusCode).toBe(429);
      expect((await first.post(`/api/admin/staff/${a3.id}/confirm`)).json()).toMatchObject({ code: 'FOUR_EYES' });
      expect((await second.post(`/api/admin/staff/${a3.id}/confirm`)).json()).toEqual({ awaitingConfirmation: false, oneTimePassword: null });
      expect((await limited()).statusCode).toBe(401); // no longer held back: only the missing second factor refuses it

      // Two ADMINs stop A3; then A1 alone restarts it: it waits, and A3 stays out.
      expect((await first.post(`/api/admin/staff/${a3.id}/disable`)).json()).toEqual(waiting);
      expect((await second.post(`/api/admin/staff/${a3.id}/confirm`)).statusCode).toBe(200);
      expect((await dismissed.get('/api/admin/session')).statusCode).toBe(401);
      const restart = await first.post(`/api/admin/staff/${a3.id}/enable`);
      expect([restart.statusCode, restart.json()]).toEqual([200, waiting]);
      expect(await listed(first, a3.id)).toMatchObject({ disabled: true, pendingEnable: true });
      expect((await passwordSignIn(app, a3, staffPassword)).statusCode).toBe(401);
      expect((await signInRequest(app, { loginId: a3.loginId, password: staffPassword, passkey: await passkeyAnswer(app, oldKey) })).statusCode).toBe(401);
      expect((await first.post(`/api/admin/staff/${a3.id}/confirm`)).json()).toMatchObject({ code: 'FOUR_EYES', message: adminMessages.ownStaffChange });

      // A2 confirms: the one-time password reaches A2 only; the old password, TOTP, recovery codes and passkeys are gone.
      const confirmed = await second.post(`/api/admin/staff/${a3.id}/confirm`);
      const { oneTimePassword } = confirmed.json() as { oneTimePassword: string };
      expect(oneTimePassword).toMatch(otpPattern);
      expect(await listed(second, a3.id)).toMatchObject({ disabled: false, pendingEnable: false, totpEnabled: false });
      expect((await passwordSignIn(app, a3, staffPassword)).statusCode).toBe(401);
      expect((await signInRequest(app, { loginId: a3.loginId, password: staffPassword, passkey: await passkeyAnswer(app, oldKey) })).statusCode).toBe(401);
      for (const table of ['staffPasskeys', 'staffRecoveryCodes'] as const) {
        expect(await app.deps.db.kysely.selectFrom(table).select('staffId').where('staffId', '=', a3.id).execute(), table).toEqual([]);
      }
      expect((await passwordSignIn(app, { ...a3, totpSecret: undefined }, oneTimePassword)).json()).toMatchObject({
        passwordChangeRequired: true,
        totpSetupRequired: true,
      });

      // A reviewer stopped at once (a leaver) is restarted only by two as well.
      const reviewer = await makeStaff(app, '0177', 'REVIEWER');
      expect((await first.post(`/api/admin/staff/${reviewer.id}/disable`)).json()).toEqual({ awaitingConfirmation: false, oneTimePassword: null });
      expect((await first.post(`/api/admin/staff/${reviewer.id}/enable`)).json()).toEqual(waiting);
      expect((await passwordSignIn(app, reviewer, staffPassword)).statusCode).toBe(401);
      expect((await second.post(`/api/admin/staff/${reviewer.id}/confirm`)).json()).toMatchObject({ oneTimePassword: expect.stringMatching(otpPattern) });
    } finally {
      await app.close();
    }
  });

  it('finding 3: a stolen session alone adds no passkey, removes none and changes no password; the member’s code or passkey does', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const member = await makeStaff(app, '0177', 'REVIEWER');
      const owner = await signInStaff(app, member);
      const key = await registeredPasskey(owner);
      const [{ id }] = ((await owner.get('/api/admin/passkeys')).json() as { items: { id: string }[] }).items as [{ id: string }];
      // The thief has the cookie and the CSRF token, nothing else.
      const thief: StaffClient = owner;
      const refusal = { errors: [{ field: 'totpCode', message: adminMessages.reauthFailed }] };
      const attempts: [string, object][] = [
        ['/api/admin/passkeys/options', {}],
        [`/api/admin/passkeys/${encodeURIComponent(id)}/delete`, { totpCode: '123456' }],
        ['/api/admin/password', { currentPassword: staffPassword, newPassword: 'the thief chose this one' }],
        ['/api/admin/passkeys/options', { totpCode: 'abcde-fghij' }],
        ['/api/admin/password', { currentPassword: staffPassword, newPassword: 'the thief chose this one', totpCode: '' }],
      ];
      for (const [url, body] of attempts) {
        const answer = await thief.post(url, body);
        expect([answer.statusCode, answer.json()], url).toEqual([400, refusal]);
      }
      // Five failures: the sixth try is not even checked.
      expect((await thief.post('/api/admin/passkeys/options', { totpCode: '654321' })).statusCode).toBe(429);
      expect(((await owner.get('/api/admin/passkeys')).json() as { items: unknown[] }).items).toHaveLength(1);
      expect((await passwordSignIn(app, member, staffPassword)).statusCode).toBe(200);
      expect(await app.deps.db.kysely.selectFrom('auditLog').select('action').where('action', '=', 'REAUTH_FAILED').execute()).toHaveLength(5);

      // The member, with a passkey's answer instead of the code (after the window), removes it.
      app.clock.advance(15 * 60_000);
      const back = await signInStaff(app, member);
      const removed = await back.post(`/api/admin/passkeys/${encodeURIComponent(id)}/delete`, { reauthPasskey: await passkeyAnswer(app, key) });
      expect(removed.statusCode, removed.body).toBe(204);
      expect(((await back.get('/api/admin/passkeys')).json() as { items: unknown[] }).items).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
