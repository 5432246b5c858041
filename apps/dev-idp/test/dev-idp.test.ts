import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as oidc from 'openid-client';
import { decodeJwt } from 'jose';
import { devStaffOidc } from '@koza/api/dev-staff-oidc';
import { createDevIdp } from '../src/provider.ts';
import type { DevIdp } from '../src/provider.ts';
import { totpOf } from '../src/accounts.ts';

// The development provider as the back office meets it (openid-client as its relying party, the
// browser's steps as plain requests): the password, then the code, an ID token with amr pwd + otp;
// a disabled account refused at the next sign-in; the back-channel logout posted to the back office.

let idp: DevIdp;
let server: Server;
let issuerBase = '';
/** The back office's back-channel logout endpoint, as the provider reaches it (on fukuoka.localhost's port). */
let rp: Server;
let rpPort = 0;
const logouts: { host: string | undefined; body: string }[] = [];

beforeAll(async () => {
  rp = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      logouts.push({ host: req.headers.host, body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => rp.listen(0, '127.0.0.1', resolve));
  rpPort = (rp.address() as AddressInfo).port;
  server = createServer((req, res) => idp.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuerBase = `http://localhost:${(server.address() as AddressInfo).port}`;
  idp = createDevIdp({ publicUrl: issuerBase });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => rp.close(resolve));
});

const setCookies = (response: Response, jar: Map<string, string>) => {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, ...value] = pair!.split('=');
    jar.set(name!.trim(), value.join('='));
  }
};
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** The browser: follows the provider's redirects (keeping its cookies) until it is sent to the back office. */
async function browse(url: string, jar: Map<string, string>, init: RequestInit = {}): Promise<{ url: string; html: string }> {
  let next = url;
  let options = init;
  for (let i = 0; i < 10; i++) {
    if (!next.startsWith(issuerBase)) return { url: next, html: '' };
    const response = await fetch(next, {
      ...options,
      redirect: 'manual',
      headers: { ...(options.headers as Record<string, string>), cookie: cookieHeader(jar) },
    });
    setCookies(response, jar);
    const location = response.headers.get('location');
    if (!location) return { url: next, html: await response.text() };
    next = new URL(location, next).href;
    options = {};
  }
  throw new Error('too many redirects');
}

const post = (url: string, form: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(form).toString(),
  url,
});

async function signIn(login: string, password: string) {
  const code = '0177';
  const config = await oidc.discovery(
    new URL(`${issuerBase}/${code}`),
    devStaffOidc.clientId(code),
    undefined,
    oidc.ClientSecretBasic(devStaffOidc.clientSecret(code)),
    {
      execute: [oidc.allowInsecureRequests],
    },
  );
  oidc.enableNonRepudiationChecks(config);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const redirectUri = `http://fukuoka.localhost:${rpPort}/api/admin/oidc/callback`;
  const authorization = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    max_age: '28800',
  });
  const jar = new Map<string, string>();
  const login0 = await browse(authorization.href, jar);
  expect(login0.html).toContain('<h1>サインイン</h1>');
  const action = (html: string) => new URL(/action="([^"]+)"/.exec(html)![1]!, issuerBase).href;
  const afterPassword = await browse(action(login0.html), jar, post('', { login, password }));
  return { config, jar, afterPassword, action, verifier, state, nonce, redirectUri };
}

it('signs a member in with the password and the authenticator code: an ID token with amr pwd + otp, the group claim as the directory has it', async () => {
  const reviewer = idp.accounts.find((a) => a.bankCode === '0177' && a.login === 'viewer1')!;
  const flow = await signIn('viewer1', reviewer.password);
  expect(flow.afterPassword.html).toContain('確認コードの入力');
  const wrong = await browse(flow.action(flow.afterPassword.html), flow.jar, post('', { otp: '000000' }));
  expect(wrong.html).toContain('確認コードが正しくありません。');
  const done = await browse(flow.action(wrong.html), flow.jar, post('', { otp: totpOf(reviewer).generate() }));
  expect(done.url.startsWith(flow.redirectUri)).toBe(true);
  const tokens = await oidc.authorizationCodeGrant(flow.config, new URL(done.url), {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
    maxAge: 28800,
  });
  expect(tokens.claims()).toMatchObject({ iss: `${issuerBase}/0177`, sub: reviewer.sub, amr: ['pwd', 'otp'], acr: 'urn:koza:dev:mfa', groups: ['koza-ADMIN'] });
  expect(decodeJwt(tokens.id_token!).auth_time).toEqual(expect.any(Number));
});

it('refuses a wrong password and a disabled account alike, and posts the back-channel logout to the back office', async () => {
  const reviewer = idp.accounts.find((a) => a.bankCode === '0177' && a.login === 'reviewer2')!;
  expect((await signIn('reviewer2', 'wrong password')).afterPassword.html).toContain('ログインIDまたはパスワードが正しくありません。');
  // The provider learned the back office's origin from the redirect URI above.
  const disabled = await fetch(`${issuerBase}/__admin/0177/reviewer2/disable`, { method: 'POST' });
  expect(await disabled.json()).toEqual({ login: 'reviewer2', sub: reviewer.sub, disabled: true, backChannelLogouts: 1 });
  expect(logouts).toHaveLength(1);
  expect(logouts[0]!.host).toBe(`fukuoka.localhost:${rpPort}`);
  const token = decodeJwt(new URLSearchParams(logouts[0]!.body).get('logout_token')!);
  expect(token).toMatchObject({
    iss: `${issuerBase}/0177`,
    aud: devStaffOidc.clientId('0177'),
    sub: reviewer.sub,
    events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
  });
  expect((await signIn('reviewer2', reviewer.password)).afterPassword.html).toContain('ログインIDまたはパスワードが正しくありません。');
  await fetch(`${issuerBase}/__admin/0177/reviewer2/enable`, { method: 'POST' });
  expect((await signIn('reviewer2', reviewer.password)).afterPassword.html).toContain('確認コードの入力');
});
