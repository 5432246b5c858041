import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { BankCode } from '@koza/domain/constants';
import { adminMessages } from '@koza/domain/admin/messages';
import { repoRoot } from '../../src/config.ts';
import { openDatabase, parseDatabaseUrl } from '../../src/db/database.ts';
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
function expectRefused(result: ProviderSignIn, what?: string): void {
  expect(result.callback.statusCode, what).toBe(303);
  expect(result.callback.headers.location, what).toBe('/admin/?sign-in=failed');
  expect(staffCookieOf(result.callback), what).toBeNull();
}

/** Links the member directly (a bank in one-ADMIN mode: an ADMIN's link applies at once). */
async function linkByAdmin(app: AdminApp, member: StaffMember, subject: string, bankCode: BankCode = '0177') {
  const admin = await signInStaff(app, await makeStaff(app, bankCode, 'ADMIN'));
  const linked = await admin.post(`/api/admin/staff/${member.id}/oidc-link`, { subject });
  expect(linked.json()).toEqual({ awaitingConfirmation: false, oneTimePassword: null });
  return admin;
}

/** `npm run staff -- break-glass --bank 0177 …` as the operator runs it. */
function breakGlass(databaseUrl: string, args: string[]) {
  const result = spawnSync(process.execPath, [join(import.meta.dirname, '..', '..', 'src', 'main-staff.ts'), 'break-glass', '--bank', '0177', ...args], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
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

  it('refuses an ID token with a wrong issuer, audience or nonce, a bad signature, expired, alg none, without the MFA claim or auth_time, and a replayed code — one message, no session, an audit line each', async () => {
    const app = await appWithProvider(await dialect.createDb());
    try {
      const reviewer = await makeStaff(app, '0177', 'REVIEWER');
      await linkByAdmin(app, reviewer, 'reviewer-sub-2');
      const sub = 'reviewer-sub-2';
      const now = Math.floor(Date.now() / 1000);
      const forged: Record<string, TokenSpec> = {
        'wrong issuer': { sub, claims: { iss: 'https://idp.example.jp/other' } },
        'wrong audience': { sub, claims: { aud: 'another-client' } },
        'wrong nonce': { sub, claims: { nonce: 'a-nonce-of-another-sign-in-0000000000000000' } },
        'bad signature': { sub, signing: 'attacker' },
        expired: { sub, claims: { iat: now - 900, exp: now - 600, auth_time: now - 905 } },
        'alg none': { sub, signing: 'none' },
        'no MFA (amr pwd only)': { sub, claims: { amr: ['pwd'] } },
        'no amr at all': { sub, without: ['amr'] },
        'no auth_time (max_age asked)': { sub, without: ['auth_time'] },
        'authenticated longer ago than max_age': { sub, claims: { auth_time: now - 9 * 3600 } },
      };
      for (const [what, token] of Object.entries(forged)) {
        expectRefused(await providerSignIn(app, token), what);
      }
      const failures = await auditOf(app, 'SIGN_IN_FAILED');
      expect(failures).toHaveLength(Object.keys(forged).length);
      // The library's checks (token) and the bank's MFA requirement (mfa, naming the proved subject).
      expect(failures.filter((f) => f.detail?.startsWith('oidc token:'))).toHaveLength(Object.keys(forged).length - 2);
      expect(failures.filter((f) => f.detail === 'oidc mfa')).toEqual([
        { staffLoginId: `oidc:${sub}`, detail: 'oidc mfa' },
        { staffLoginId: `oidc:${sub}`, detail: 'oidc mfa' },
      ]);

      // Mix-up: an authorization response naming another issuer (RFC 9207) is refused before any code is exchanged.
      const host0 = bankHost('0177');
      const startedForMixUp = await app.inject({ method: 'GET', url: '/api/admin/oidc/start', headers: { host: host0 } });
      const mixedUp = new URLSearchParams(op.authorize(String(startedForMixUp.headers.location), { sub }).slice(1));
      mixedUp.set('iss', 'https://idp.example.jp/other');
      const exchangesBefore = op.tokenRequests;
      const mixUp = await app.inject({
        method: 'GET',
        url: `/api/admin/oidc/callback?${mixedUp}`,
        headers: { host: host0, cookie: cookieOf(startedForMixUp) },
      });
      expect(mixUp.headers.location).toBe('/admin/?sign-in=failed');
      expect(op.tokenRequests).toBe(exchangesBefore);

      // The good token signs in; its code and its sign-in used once.
      const good = await providerSignIn(app, { sub });
      expect(staffCookieOf(good.callback)).not.toBeNull();
      const host = bankHost('0177');
      const replay = await app.inject({ method: 'GET', url: `/api/admin/oidc/callback${good.search}`, headers: { host, cookie: good.stateCookie } });
      expectRefused({ ...good, callback: replay });
      // The same code with a fresh sign-in of the same browser: the provider takes a code once.
      const again = await app.inject({ method: 'GET', url: '/api/admin/oidc/start', headers: { host } });
      const stateOfAgain = new URL(String(again.headers.location)).searchParams.get('state')!;
      const replayedCode = new URLSearchParams(good.search);
      replayedCode.set('state', stateOfAgain);
      const requestsBefore = op.tokenRequests;
      const reused = await app.inject({ method: 'GET', url: `/api/admin/oidc/callback?${replayedCode}`, headers: { host, cookie: cookieOf(again) } });
      expectRefused({ ...good, callback: reused });
      expect(op.tokenRequests).toBe(requestsBefore + 1);
      expect((await auditOf(app, 'SIGN_IN_FAILED')).slice(-2)).toEqual([
        { staffLoginId: 'oidc', detail: 'oidc state' },
        { staffLoginId: 'oidc', detail: 'oidc token: invalid_grant' },
      ]);
      // Another browser (no cookie, or another's) cannot finish a sign-in it did not start (login CSRF).
      const started = await app.inject({ method: 'GET', url: '/api/admin/oidc/start', headers: { host } });
      const search = op.authorize(String(started.headers.location), { sub });
      const noCookie = await app.inject({ method: 'GET', url: `/api/admin/oidc/callback${search}`, headers: { host } });
      expectRefused({ ...good, callback: noCookie });
    } finally {
      await app.close();
    }
  });

  it('finds the member by issuer and subject at this bank only: unlinked, linked at another bank, or stopped is refused', async () => {
    const app = await appWithProvider(await dialect.createDb());
    try {
      const fukuokaReviewer = await makeStaff(app, '0177', 'REVIEWER');
      await linkByAdmin(app, fukuokaReviewer, 'group-sub-7');
      // The group's one directory serves both banks: the subject linked at 0177 is nobody at 0587.
      expectRefused(await providerSignIn(app, { sub: 'group-sub-7' }, '0587'));
      expectRefused(await providerSignIn(app, { sub: 'nobody-linked' }));
      // A mail address or name claim naming the member links nothing.
      expectRefused(
        await providerSignIn(app, {
          sub: 'nobody-linked-2',
          claims: { email: `${fukuokaReviewer.loginId}@example.jp`, preferred_username: fukuokaReviewer.loginId, name: 'REVIEWER 1' },
        }),
      );
      expect((await auditOf(app, 'SIGN_IN_FAILED')).map((f) => f.detail)).toEqual(['oidc unlinked', 'oidc unlinked', 'oidc unlinked']);
      expect(staffCookieOf((await providerSignIn(app, { sub: 'group-sub-7' }, '0177')).callback)).not.toBeNull();

      const admin = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      expect((await admin.post(`/api/admin/staff/${fukuokaReviewer.id}/disable`)).statusCode).toBe(200);
      expectRefused(await providerSignIn(app, { sub: 'group-sub-7' }));
      expect((await auditOf(app, 'SIGN_IN_FAILED')).at(-1)).toEqual({ staffLoginId: 'oidc:group-sub-7', detail: 'oidc disabled' });
    } finally {
      await app.close();
    }
  });

  it("grants nothing for a group or role claim of the provider: the role is the service's own", async () => {
    const app = await appWithProvider(await dialect.createDb());
    try {
      const viewer = await makeStaff(app, '0177', 'VIEWER');
      await linkByAdmin(app, viewer, 'viewer-sub');
      const claims = { groups: ['ADMIN', 'koza-admins'], roles: ['ADMIN', 'REVIEWER'], role: 'ADMIN', 'https://koza.example.jp/role': 'ADMIN' };
      const { callback } = await providerSignIn(app, { sub: 'viewer-sub', claims });
      const client = clientOf(app, staffCookieOf(callback)!, '', uniqueIp());
      const session = (await client.get('/api/admin/session')).json() as { staff: { role: string }; permissions: string[]; csrfToken: string };
      expect(session.staff.role).toBe('VIEWER');
      expect(session.permissions).not.toContain('staff.manage');
      expect(session.permissions).not.toContain('applications.decide');
      const withCsrf = clientOf(app, client.cookie, session.csrfToken, client.ip);
      expect((await withCsrf.get('/api/admin/staff')).statusCode).toBe(403);
      expect((await withCsrf.post(`/api/admin/staff/${viewer.id}/role`, { role: 'ADMIN' })).statusCode).toBe(403);
      const row = await app.deps.db.kysely.selectFrom('staffUsers').select(['role']).where('id', '=', viewer.id).executeTakeFirstOrThrow();
      expect(row.role).toBe('VIEWER');
    } finally {
      await app.close();
    }
  });

  it('refuses a provider session with no local second factor to add a passkey or set a local password (403), changing nothing', async () => {
    const app = await appWithProvider(await dialect.createDb());
    try {
      const reviewer = await makeStaff(app, '0177', 'REVIEWER');
      await linkByAdmin(app, reviewer, 'reviewer-no-local-factor');
      const { callback } = await providerSignIn(app, { sub: 'reviewer-no-local-factor' });
      const bare = clientOf(app, staffCookieOf(callback)!, '', uniqueIp());
      const { csrfToken } = (await bare.get('/api/admin/session')).json() as { csrfToken: string };
      const client = clientOf(app, bare.cookie, csrfToken, bare.ip);
      const before = await app.deps.db.kysely.selectFrom('staffUsers').select(['passwordHash']).where('id', '=', reviewer.id).executeTakeFirstOrThrow();
      const options = await client.post('/api/admin/passkeys/options', {});
      expect(options.statusCode).toBe(403);
      expect(options.json()).toMatchObject({ message: adminMessages.providerSessionNoLocalFactor });
      const password = await client.post('/api/admin/password', { currentPassword: 'anything at all', newPassword: 'a new local password 2026' });
      expect(password.statusCode).toBe(403);
      const after = await app.deps.db.kysely.selectFrom('staffUsers').select(['passwordHash']).where('id', '=', reviewer.id).executeTakeFirstOrThrow();
      expect(after.passwordHash).toBe(before.passwordHash);
      const passkeys = await app.deps.db.kysely.selectFrom('staffPasskeys').select(['id']).where('staffId', '=', reviewer.id).execute();
      expect(passkeys).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('links a member only with a second ADMIN in four-eyes mode, one provider account per member of a bank', async () => {
    const app = await appWithProvider(await dialect.createDb());
    try {
      const first = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      const second = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      const reviewer = await makeStaff(app, '0177', 'REVIEWER');
      const other = await makeStaff(app, '0177', 'REVIEWER');
      const asked = await first.post(`/api/admin/staff/${reviewer.id}/oidc-link`, { subject: 'four-eyes-sub' });
      expect(asked.json()).toEqual({ awaitingConfirmation: true, oneTimePassword: null });
      // Waiting: the provider's sign-in finds nobody yet.
      expectRefused(await providerSignIn(app, { sub: 'four-eyes-sub' }));
      const listed = async () =>
        (
          (await second.get('/api/admin/staff')).json() as {
            items: { id: string; oidcSubject: string | null; pendingOidcSubject: string | null; lastOidcSignInAt: string | null }[];
          }
        ).items.find((i) => i.id === reviewer.id)!;
      expect(await listed()).toMatchObject({ oidcSubject: null, pendingOidcSubject: 'four-eyes-sub', lastOidcSignInAt: null });
      // Another member cannot be given the same account, waiting or linked.
      const taken = await first.post(`/api/admin/staff/${other.id}/oidc-link`, { subject: 'four-eyes-sub' });
      expect(taken.statusCode).toBe(400);
      expect((await first.post(`/api/admin/staff/${reviewer.id}/confirm`)).statusCode).toBe(403);
      expect((await second.post(`/api/admin/staff/${reviewer.id}/confirm`)).json()).toEqual({ awaitingConfirmation: false, oneTimePassword: null });
      expect(await listed()).toMatchObject({ oidcSubject: 'four-eyes-sub', pendingOidcSubject: null });
      expect(staffCookieOf((await providerSignIn(app, { sub: 'four-eyes-sub' })).callback)).not.toBeNull();
      expect((await listed()).lastOidcSignInAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      // A malformed subject changes nothing; removing a reviewer's link applies at once (it only takes a way in away).
      expect((await first.post(`/api/admin/staff/${other.id}/oidc-link`, { subject: 'has space' })).statusCode).toBe(400);
      expect((await first.post(`/api/admin/staff/${reviewer.id}/oidc-unlink`)).json()).toEqual({ awaitingConfirmation: false, oneTimePassword: null });
      expectRefused(await providerSignIn(app, { sub: 'four-eyes-sub' }));
      expect((await auditOf(app, 'LINK_STAFF_PROVIDER')).map((a) => a.detail)).toEqual([`${reviewer.loginId} sub=four-eyes-sub (確認待ち)`]);
      expect((await auditOf(app, 'CONFIRM_STAFF')).map((a) => a.detail)).toContain(`${reviewer.loginId} link sub=four-eyes-sub`);
    } finally {
      await app.close();
    }
  });

  it("ends the member's sessions on the provider's back-channel logout, and refuses a logout token that does not verify or names nobody", async () => {
    const app = await appWithProvider(await dialect.createDb());
    try {
      const reviewer = await makeStaff(app, '0177', 'REVIEWER');
      await linkByAdmin(app, reviewer, 'leaver-sub');
      const client = clientOf(app, staffCookieOf((await providerSignIn(app, { sub: 'leaver-sub' })).callback)!, '', uniqueIp());
      expect((await client.get('/api/admin/session')).statusCode).toBe(200);
      const logout = (token: string) =>
        app.inject({
          method: 'POST',
          url: '/api/admin/oidc/backchannel-logout',
          headers: { host: bankHost('0177'), 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ logout_token: token }).toString(),
        });
      const refusedTokens = [
        await op.logoutToken({ sub: 'leaver-sub', key: 'attacker' }),
        await op.logoutToken({ sub: 'leaver-sub', claims: { aud: 'another-client' } }),
        await op.logoutToken({ sub: 'leaver-sub', claims: { iss: 'https://idp.example.jp/other' } }),
        // An ID token is not a logout token.
        await op.logoutToken({ sub: 'leaver-sub', claims: { nonce: 'n', events: undefined } }),
        await op.logoutToken({ sub: 'leaver-sub', claims: { iat: Math.floor(Date.now() / 1000) - 3600 } }),
        await op.logoutToken({ sub: 'not-linked-sub' }),
        'not.a.token',
      ];
      for (const token of refusedTokens) expect((await logout(token)).statusCode).toBe(400);
      expect((await client.get('/api/admin/session')).statusCode).toBe(200);

      expect((await logout(await op.logoutToken({ sub: 'leaver-sub' }))).statusCode).toBe(200);
      expect((await client.get('/api/admin/session')).statusCode).toBe(401);
      expect(await auditOf(app, 'PROVIDER_LOGOUT')).toEqual([{ staffLoginId: reviewer.loginId, detail: 'oidc sub=leaver-sub' }]);
    } finally {
      await app.close();
    }
  });

  it("ends a session the bank's minutes after the provider's authentication, however busy it is", async () => {
    const app = await appWithProvider(await dialect.createDb(), { STAFF_OIDC_SESSION_MINUTES_0177: '60' });
    try {
      const reviewer = await makeStaff(app, '0177', 'REVIEWER');
      await linkByAdmin(app, reviewer, 'busy-sub');
      // The provider's sign-in was 50 minutes ago (within max_age): this session has 10 minutes.
      const { start, callback } = await providerSignIn(app, { sub: 'busy-sub', claims: { auth_time: Math.floor(Date.now() / 1000) - 50 * 60 } });
      expect(new URL(String(start.headers.location)).searchParams.get('max_age')).toBe('3600');
      const client = clientOf(app, staffCookieOf(callback)!, '', uniqueIp());
      for (let i = 0; i < 4; i++) {
        app.clock.advance(2 * 60_000);
        expect((await client.get('/api/admin/session')).statusCode).toBe(200);
      }
      app.clock.advance(2 * 60_000 + 1000);
      expect((await client.get('/api/admin/session')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it("with local sign-in off, lets only the command line's accounts sign in with a password, and everyone while break-glass is open", async () => {
    // A database of its own by URL: the operator's command runs on it too.
    const databaseUrl = await dialect.createDatabaseUrl();
    const app = await appWithProvider(await openDatabase(parseDatabaseUrl(databaseUrl, repoRoot)), { STAFF_LOCAL_SIGN_IN_0177: 'off' });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/admin/sign-in-options', headers: { host: bankHost('0177') } })).json()).toEqual({
        provider: true,
        localSignIn: 'off',
      });
      // makeStaff is the command line's way (created_by null): the first ADMIN signs in locally.
      const admin = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      const created = await admin.post('/api/admin/staff', {
        loginId: 'local.off.reviewer',
        displayName: '審査 三郎',
        role: 'REVIEWER',
        password: 'a long enough pass phrase 1',
      });
      expect(created.statusCode).toBe(201);
      const member: StaffMember = { id: (created.json() as { id: string }).id, loginId: 'local.off.reviewer', role: 'REVIEWER', bankCode: '0177' };
      const local = (ip = uniqueIp()) =>
        app.inject({
          method: 'POST',
          url: '/api/admin/sign-in',
          headers: { host: bankHost('0177') },
          payload: { loginId: member.loginId, password: 'a long enough pass phrase 1' },
          remoteAddress: ip,
        });
      const refused = await local();
      expect(refused.statusCode).toBe(401);
      expect((await auditOf(app, 'SIGN_IN_FAILED')).at(-1)).toEqual({ staffLoginId: member.loginId, detail: 'local-off' });

      // The provider is down: the operator opens local sign-in for everyone for an hour, then closes it.
      expect(breakGlass(databaseUrl, ['--hours', '1'])).toMatchObject({ status: 0, out: expect.stringContaining('every member may sign in locally until') });
      expect((await local()).statusCode).toBe(200);
      expect((await auditOf(app, 'SIGN_IN')).at(-1)).toEqual({ staffLoginId: member.loginId, detail: 'break-glass' });
      app.clock.advance(3_600_000 + 60_000);
      expect((await local()).statusCode).toBe(401);
      expect(breakGlass(databaseUrl, ['--hours', '2'])).toMatchObject({ status: 0 });
      expect(breakGlass(databaseUrl, ['--end'])).toMatchObject({ status: 0, out: expect.stringContaining('local sign-in back to its configuration') });
      app.clock.set(new Date());
      expect((await local()).statusCode).toBe(401);
      expect((await auditOf(app, 'BREAK_GLASS')).map((a) => [a.staffLoginId, a.detail?.replace(/until .*/, 'until …')])).toEqual([
        ['command-line', '0177 1h until …'],
        ['command-line', '0177 2h until …'],
        ['command-line', '0177 end'],
      ]);
    } finally {
      await app.close();
      await app.deps.db.close();
    }
  });
});
