import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { BankCode } from '@koza/domain/constants';
import { forEachDialect } from '../helpers/databases.ts';
import { uniqueIp } from '../helpers/auth.ts';
import { startFakeOidcProvider } from '../helpers/fake-oidc-provider.ts';
import type { FakeOidcProvider, TokenSpec } from '../helpers/fake-oidc-provider.ts';
import { bankHost, clientOf, cookieOf, createAdminApp, makeStaff, signInStaff } from './admin-helpers.ts';
import type { AdminApp, StaffMember } from './admin-helpers.ts';

// Staff sign-in through the bank's OpenID Connect provider (issue 44, decision 0253), against a
// provider in this process that signs real tokens (helpers/fake-oidc-provider.ts): the relying party
// (openid-client) refuses every forged or unfit ID token and a replayed code; the member is the one an
// ADMIN linked (four eyes), found by iss + sub at this bank only; the provider's claims grant nothing;
// the back-channel logout ends the member's sessions; the session ends with the provider's
// authentication; local sign-in can be switched off but for the command line's accounts and
// break-glass.

let op: FakeOidcProvider;
beforeAll(async () => {
  op = await startFakeOidcProvider();
});
afterAll(() => op.close());

/** Both 0177 and 0587 use the test provider (one group directory, a client each… here one), 0177 with amr pwd+otp. */
const providerEnv = (extra: Record<string, string> = {}): Record<string, string> => ({
  STAFF_OIDC_ISSUER_0177: op.issuer,
  STAFF_OIDC_CLIENT_ID_0177: op.clientId,
  STAFF_OIDC_CLIENT_SECRET_0177: op.clientSecret,
  STAFF_OIDC_REQUIRED_AMR_0177: 'pwd,otp',
  STAFF_OIDC_ISSUER_0587: op.issuer,
  STAFF_OIDC_CLIENT_ID_0587: op.clientId,
  STAFF_OIDC_CLIENT_SECRET_0587: op.clientSecret,
  STAFF_OIDC_REQUIRED_AMR_0587: 'pwd,otp',
  ...extra,
});

/** The ID token's times are the real clock's (the provider signs them now): the app's clock starts there too. */
const appWithProvider = async (db: Parameters<typeof createAdminApp>[0], extra: Record<string, string> = {}) =>
  createAdminApp(db, { env: providerEnv(extra), now: new Date().toISOString() });

interface ProviderSignIn {
  start: LightMyRequestResponse;
  callback: LightMyRequestResponse;
  /** The callback's query string, to replay it. */
  search: string;
  stateCookie: string;
}

/** The browser's way: GET /oidc/start (its cookie kept), the provider's answer, GET /oidc/callback with it. */
async function providerSignIn(app: AdminApp, token: TokenSpec, bankCode: BankCode = '0177', ip = uniqueIp()): Promise<ProviderSignIn> {
  const host = bankHost(bankCode);
  const start = await app.inject({ method: 'GET', url: '/api/admin/oidc/start', headers: { host }, remoteAddress: ip });
  expect(start.statusCode).toBe(303);
  const stateCookie = cookieOf(start);
  const search = op.authorize(String(start.headers.location), token);
  const callback = await app.inject({ method: 'GET', url: `/api/admin/oidc/callback${search}`, headers: { host, cookie: stateCookie }, remoteAddress: ip });
  return { start, callback, search, stateCookie };
}

/** The staff session cookie a successful callback sets (none: the sign-in was refused). */
const staffCookieOf = (response: LightMyRequestResponse): string | null => {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const staff = cookies.find((c) => c.startsWith('koza_staff='));
  return staff ? staff.split(';')[0]! : null;
};

/** A refused sign-in: back to the sign-in screen with one message, no session. */
function expectRefused(result: ProviderSignIn): void {
  expect(result.callback.statusCode).toBe(303);
  expect(result.callback.headers.location).toBe('/admin/?sign-in=failed');
  expect(staffCookieOf(result.callback)).toBeNull();
}

/** Links the member directly (a bank in one-ADMIN mode: an ADMIN's link applies at once). */
async function linkByAdmin(app: AdminApp, member: StaffMember, subject: string, bankCode: BankCode = '0177') {
  const admin = await signInStaff(app, await makeStaff(app, bankCode, 'ADMIN'));
  const linked = await admin.post(`/api/admin/staff/${member.id}/oidc-link`, { subject });
  expect(linked.json()).toEqual({ awaitingConfirmation: false, oneTimePassword: null });
  return admin;
}

const auditOf = (app: AdminApp, action: string) =>
  app.deps.db.kysely.selectFrom('auditLog').select(['staffLoginId', 'detail']).where('action', '=', action).orderBy('id').execute();

forEachDialect((dialect) => {
  it('signs a linked reviewer in through the provider into the same staff session, naming the subject in the audit log and storing nothing else of the token', async () => {
    const app = await appWithProvider(await dialect.createDb());
    try {
      const reviewer = await makeStaff(app, '0177', 'REVIEWER');
      await linkByAdmin(app, reviewer, 'reviewer-sub-1');
      const options = await app.inject({ method: 'GET', url: '/api/admin/sign-in-options', headers: { host: bankHost('0177') } });
      expect(options.json()).toEqual({ provider: true, localSignIn: 'on' });

      const { start, callback } = await providerSignIn(app, { sub: 'reviewer-sub-1' });
      const authorization = new URL(String(start.headers.location));
      expect(`${authorization.origin}${authorization.pathname}`).toBe(`${op.issuer}/auth`);
      expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
        response_type: 'code',
        client_id: op.clientId,
        scope: 'openid',
        code_challenge_method: 'S256',
        redirect_uri: `http://${bankHost('0177')}/api/admin/oidc/callback`,
        max_age: '28800',
      });
      for (const name of ['state', 'nonce', 'code_challenge']) expect(authorization.searchParams.get(name)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(String(start.headers['set-cookie'])).toMatch(/^koza_staff_oidc=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=600$/);

      expect(callback.statusCode).toBe(303);
      expect(callback.headers.location).toBe('/admin/');
      const cookie = staffCookieOf(callback)!;
      const client = clientOf(app, cookie, '', uniqueIp());
      const session = await client.get('/api/admin/session');
      expect(session.statusCode).toBe(200);
      // The provider proved both factors: nothing local is asked.
      expect(session.json()).toMatchObject({
        staff: { loginId: reviewer.loginId, role: 'REVIEWER' },
        totpSetupRequired: false,
        passwordChangeRequired: false,
      });
      expect((await client.get('/api/admin/applications')).statusCode).toBe(200);
      expect(await auditOf(app, 'SIGN_IN')).toContainEqual({ staffLoginId: reviewer.loginId, detail: 'oidc sub=reviewer-sub-1' });
      const row = await app.deps.db.kysely.selectFrom('staffUsers').selectAll().where('id', '=', reviewer.id).executeTakeFirstOrThrow();
      expect({ iss: row.oidcIssuer, sub: row.oidcSubject, last: Number(row.lastOidcSignInAt) }).toEqual({
        iss: op.issuer,
        sub: 'reviewer-sub-1',
        last: app.clock.now().getTime(),
      });
      // Nothing of the token's exchange is kept: the sign-in's row is gone.
      expect(await app.deps.db.kysely.selectFrom('staffOidcStates').selectAll().execute()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
