import type { FastifyRequest } from 'fastify';
import { expect, it } from 'vitest';
import { relyingPartyOf } from '../../src/routes/admin/passkey-routes.ts';
import { adminMessages } from '@koza/domain/admin/messages';
import { forEachDialect } from '../helpers/databases.ts';
import { uniqueIp } from '../helpers/auth.ts';
import { SoftwareAuthenticator } from '../helpers/software-authenticator.ts';
import { productionEnv } from '../helpers/production-env.ts';
import { bankHost, clientOf, cookieOf, createAdminApp, makeStaff, passwordSignIn, signInRequest, signInStaff, staffPassword } from './admin-helpers.ts';
import type { AdminApp, SignedInClient, StaffMember } from './admin-helpers.ts';

// Passkeys as the preferred second factor (decision 0220): registered by a signed-in member at their
// bank's host, then the sign-in takes the password and the passkey's answer in one call, which
// answers every refusal alike (finding 5); the TOTP code stays the fallback. The browser and its
// authenticator are played by a software authenticator (ES256, "none" attestation).

const failedBody = { code: 'SIGN_IN_FAILED', message: adminMessages.signInFailed };
const origin = `http://${bankHost('0177')}`;

interface Options {
  challengeId: string;
  options: { challenge: string; rpId?: string; rp: { id: string }; user: { id: string }; allowCredentials?: unknown[]; excludeCredentials?: unknown[] };
}

async function registerPasskey(client: SignedInClient, authenticator = new SoftwareAuthenticator(), at = origin) {
  const started = await client.post('/api/admin/passkeys/options', { totpCode: client.freshCode() });
  expect(started.statusCode, started.body).toBe(200);
  const { challengeId, options } = started.json() as Options;
  const registered = await client.post('/api/admin/passkeys', { challengeId, response: authenticator.register(options, at) });
  return { authenticator, registered, options };
}

/** The sign-in's challenge (asked without a login id) and the authenticator's answer to it. */
async function passkeyAnswer(app: AdminApp, authenticator: SoftwareAuthenticator, ip: string, at = origin, rpId?: string) {
  const response = await app.inject({ method: 'POST', url: '/api/admin/sign-in/passkey-options', headers: { host: bankHost('0177') }, remoteAddress: ip });
  expect(response.statusCode, response.body).toBe(200);
  const { challengeId, options } = response.json() as Options;
  return { challengeId, response: authenticator.assert(options, at, rpId ?? options.rpId) };
}

const passkeySignIn = (app: AdminApp, member: StaffMember, password: string, passkey: object, ip: string) =>
  signInRequest(app, { loginId: member.loginId, password, passkey }, ip, member.bankCode);

it('names the bank host as RP ID, and only its https origin in production (http too on the development hosts)', () => {
  const request = (host: string) => ({ headers: { host } }) as unknown as FastifyRequest;
  expect(relyingPartyOf(request('koza.fukuoka.example.jp'), true)).toEqual({ rpId: 'koza.fukuoka.example.jp', origins: ['https://koza.fukuoka.example.jp'] });
  expect(relyingPartyOf(request('fukuoka.localhost:48123'), false)).toEqual({
    rpId: 'fukuoka.localhost',
    origins: ['https://fukuoka.localhost:48123', 'http://fukuoka.localhost:48123'],
  });
});

forEachDialect((dialect) => {
  it('a member registers a passkey after sign-in at the bank’s host, then signs in with the password and the passkey; the TOTP code stays the fallback', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const member = await makeStaff(app, '0177', 'REVIEWER');
      const client = await signInStaff(app, member);
      const { authenticator, registered, options } = await registerPasskey(client);
      expect(registered.statusCode, registered.body).toBe(201);
      // The relying party is the bank's host; the user handle is the member's id, not their login id.
      expect(options.rp.id).toBe('fukuoka.localhost');
      expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(member.id);
      const listed = await client.get('/api/admin/passkeys');
      expect(listed.json()).toMatchObject({ items: [{ host: 'fukuoka.localhost', lastUsedAt: null }] });

      // A second registration of the same authenticator is excluded by the options.
      expect((await client.post('/api/admin/passkeys/options', { totpCode: client.freshCode() })).json()).toMatchObject({
        options: { excludeCredentials: [{ id: Buffer.from(authenticator.credentialId).toString('base64url') }] },
      });

      const ip = uniqueIp();
      const signedIn = await passkeySignIn(app, member, staffPassword, await passkeyAnswer(app, authenticator, ip), ip);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json()).toMatchObject({ totpSetupRequired: false, passwordChangeRequired: false });
      const session = clientOf(app, cookieOf(signedIn), (signedIn.json() as { csrfToken: string }).csrfToken, ip);
      expect((await session.get('/api/admin/applications')).statusCode).toBe(200);
      const signIns = await app.deps.db.kysely
        .selectFrom('auditLog')
        .select('detail')
        .where('action', '=', 'SIGN_IN')
        .where('staffId', '=', member.id)
        .orderBy('id')
        .execute();
      expect(signIns.at(-1)).toEqual({ detail: 'passkey' });
      expect((await session.get('/api/admin/passkeys')).json()).toMatchObject({ items: [{ lastUsedAt: expect.any(String) }] });

      // The authenticator app's code still signs in (a phone without the passkey, another browser).
      expect((await passwordSignIn(app, member, staffPassword)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('finding 5 with passkeys: the challenge names no one, and a wrong password, a replayed, forged, foreign or phished answer all get the same 401', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const member = await makeStaff(app, '0177', 'ADMIN');
      const other = await makeStaff(app, '0177', 'VIEWER');
      const { authenticator } = await registerPasskey(await signInStaff(app, member));
      const { authenticator: othersKey } = await registerPasskey(await signInStaff(app, other));
      const ip = uniqueIp();

      // The options are the same whoever asks: no login id is sent, no credential is named.
      const options = (
        await app.inject({ method: 'POST', url: '/api/admin/sign-in/passkey-options', headers: { host: bankHost('0177') }, remoteAddress: ip })
      ).json() as Options;
      expect(options.options.allowCredentials ?? []).toEqual([]);
      expect(options.options.rpId).toBe('fukuoka.localhost');

      const refusals: [string, () => Promise<object>, string][] = [
        ['a wrong password with a good passkey', async () => passkeyAnswer(app, authenticator, ip), 'wrong password here'],
        ['another member’s passkey', async () => passkeyAnswer(app, othersKey, ip), staffPassword],
        ['an answer from a phishing site', async () => passkeyAnswer(app, authenticator, ip, 'http://fukuoka-bank.example'), staffPassword],
        ['an answer for another relying party', async () => passkeyAnswer(app, authenticator, ip, origin, 'kumamoto.localhost'), staffPassword],
        [
          'an unknown challenge',
          async () => ({ ...(await passkeyAnswer(app, authenticator, ip)), challengeId: '00000000-0000-4000-8000-000000000000' }),
          staffPassword,
        ],
      ];
      for (const [what, answer, password] of refusals) {
        // Each from an address of its own, below the throttle's free failures (decision 0202).
        const response = await passkeySignIn(app, member, password, await answer(), uniqueIp());
        expect(response.statusCode, what).toBe(401);
        expect(response.json(), what).toEqual(failedBody);
      }
      // A good answer signs in once; the same answer again (a replay) is refused like the rest.
      const good = await passkeyAnswer(app, authenticator, ip);
      expect((await passkeySignIn(app, member, staffPassword, good, ip)).statusCode).toBe(200);
      const replay = await passkeySignIn(app, member, staffPassword, good, ip);
      expect([replay.statusCode, replay.json()]).toEqual([401, failedBody]);
      // An unknown login id with a passkey answer: the same.
      const unknown = await signInRequest(app, { loginId: 'nobody.here', password: staffPassword, passkey: await passkeyAnswer(app, authenticator, ip) }, ip);
      expect([unknown.statusCode, unknown.json()]).toEqual([401, failedBody]);
      const failures = await app.deps.db.kysely
        .selectFrom('auditLog')
        .select('detail')
        .where('action', '=', 'SIGN_IN_FAILED')
        .where('staffId', '=', member.id)
        .execute();
      expect(failures.map((f) => f.detail)).toEqual(['password', 'passkey', 'passkey', 'passkey', 'passkey', 'passkey']);
    } finally {
      await app.close();
    }
  });

  it('registering needs a finished sign-in and the member’s own challenge; a second-factor reset forgets the passkeys; a member removes their own', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const admin = await makeStaff(app, '0177', 'ADMIN');
      const member = await makeStaff(app, '0177', 'REVIEWER');
      // Before the authenticator app is enrolled: no passkey either (TOTP stays every member's fallback).
      const first = await signInRequest(app, { loginId: member.loginId, password: staffPassword });
      const pending = clientOf(app, cookieOf(first), (first.json() as { csrfToken: string }).csrfToken, '10.0.0.9');
      expect((await pending.post('/api/admin/passkeys/options')).json()).toMatchObject({ code: 'TOTP_SETUP_REQUIRED' });

      const memberClient = await signInStaff(app, member);
      const adminClient = await signInStaff(app, admin);
      // The admin's challenge does not register a passkey for the member, nor a bad attestation.
      const adminChallenge = (await adminClient.post('/api/admin/passkeys/options', { totpCode: adminClient.freshCode() })).json() as Options;
      const stolen = await memberClient.post('/api/admin/passkeys', {
        challengeId: adminChallenge.challengeId,
        response: new SoftwareAuthenticator().register(adminChallenge.options, origin),
      });
      expect([stolen.statusCode, stolen.json()]).toEqual([400, { code: 'PASSKEY_REFUSED', message: adminMessages.passkeyRefused }]);
      const phished = await registerPasskey(memberClient, new SoftwareAuthenticator(), 'http://evil.example');
      expect(phished.registered.statusCode).toBe(400);

      const { authenticator } = await registerPasskey(memberClient);
      const [{ id }] = ((await memberClient.get('/api/admin/passkeys')).json() as { items: { id: string }[] }).items as [{ id: string }];
      expect((await adminClient.post(`/api/admin/staff/${member.id}/totp-reset`)).statusCode).toBe(200);
      expect(await app.deps.db.kysely.selectFrom('staffPasskeys').select('id').where('staffId', '=', member.id).execute()).toEqual([]);
      const ip = uniqueIp();
      expect((await passkeySignIn(app, member, staffPassword, await passkeyAnswer(app, authenticator, ip), ip)).json()).toMatchObject({
        totpSetupRequired: true,
      });

      // Enrolled again, the member adds a passkey and removes it; removing someone else's is 404.
      const again = await signInStaff(app, member);
      await registerPasskey(again);
      const [mine] = ((await again.get('/api/admin/passkeys')).json() as { items: { id: string }[] }).items;
      expect((await adminClient.post(`/api/admin/passkeys/${encodeURIComponent(mine!.id)}/delete`, { totpCode: adminClient.freshCode() })).statusCode).toBe(
        404,
      );
      expect((await again.post(`/api/admin/passkeys/${encodeURIComponent(mine!.id)}/delete`, { totpCode: again.freshCode() })).statusCode).toBe(204);
      expect((await again.get('/api/admin/passkeys')).json()).toEqual({ items: [] });
      expect(id).not.toBe(mine!.id);
      const actions = await app.deps.db.kysely
        .selectFrom('auditLog')
        .select('action')
        .where('staffId', '=', member.id)
        .where('action', 'like', '%PASSKEY')
        .orderBy('id')
        .execute();
      expect(actions.map((a) => a.action)).toEqual(['REGISTER_PASSKEY', 'REGISTER_PASSKEY', 'DELETE_PASSKEY']);
    } finally {
      await app.close();
    }
  });

  it('in production the relying party is the configured bank host with its https origin; other hosts get no challenge', async () => {
    const app = await createAdminApp(await dialect.createDb(), { env: { ...productionEnv(), STAFF_PASSWORD_LOG_N: '15' } });
    try {
      const options = (host: string) => app.inject({ method: 'POST', url: '/api/admin/sign-in/passkey-options', headers: { host }, remoteAddress: uniqueIp() });
      const kumamoto = await options('koza.kumamoto.example.jp');
      expect(kumamoto.statusCode).toBe(200);
      expect((kumamoto.json() as Options).options.rpId).toBe('koza.kumamoto.example.jp');
      expect((await options('fukuoka.localhost')).statusCode).toBe(421);
      expect((await options('evil.example')).statusCode).toBe(421);
    } finally {
      await app.close();
    }
  });
});
