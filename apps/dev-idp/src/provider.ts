import { request as httpRequest } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { generateKeyPairSync } from 'node:crypto';
import Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { allBanks, getBank } from '@koza/domain/banks/banks';
import type { Bank } from '@koza/domain/banks/banks';
import type { BankCode } from '@koza/domain/constants';
import { devStaffOidc } from '@koza/api/dev-staff-oidc';
import { devAccounts, totpOf, totpRight } from './accounts.ts';
import type { DevAccount } from './accounts.ts';
import { directoryPage, errorPage, otpPage, passwordPage } from './pages.ts';

// The development identity provider (issue 44, decision 0253): a real OpenID provider (oidc-provider)
// for each bank, under /<bank code> of one process, as each bank's directory would be: its own
// issuer, signing keys, client (the back office, confidential, secret from @koza/api/dev-staff-oidc),
// accounts, sessions. Its sign-in asks the password, then the authenticator's code, and reports
// amr ["pwd", "otp"]. Back-Channel Logout is on: the provider posts a logout token to the back
// office when an account signs out or is disabled here (POST /__admin/<bank>/<login>/disable).
//
// Development only, so two things a real provider would not do: the back office's redirect URI may be
// on any port of the bank's development host (npm start's 3000, the e2e suite's free ports), and the
// back-channel logout is sent to the origin the back office last used for that bank.

export interface DevIdp {
  /** Answers every request of the process (the providers, their sign-in pages, the admin endpoints). */
  handle(req: IncomingMessage, res: ServerResponse): void;
  accounts: DevAccount[];
}

const interactionPath = /^\/(\d{4})\/interaction\/([A-Za-z0-9_-]{1,64})(\/(password|otp))?$/;
const adminPath = /^\/__admin\/(\d{4})\/([A-Za-z0-9._-]{1,64})\/(disable|enable|logout)$/;
const callbackPath = '/api/admin/oidc/callback';
const logoutPath = '/api/admin/oidc/backchannel-logout';

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16_384) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

/**
 * The provider's state (sessions, interactions, codes, grants) in this process's memory: it is a
 * development tool, restarted at will (oidc-provider's adapter interface, in one Map per process).
 */
function memoryAdapter() {
  const store = new Map<string, { payload: Record<string, unknown>; expiresAt: number }>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (entry && entry.expiresAt < Date.now()) store.delete(key);
    return store.get(key)?.payload;
  };
  const Adapter = class DevAdapter {
    readonly model: string;
    constructor(model: string) {
      this.model = model;
    }
    key = (id: string) => `${this.model}:${id}`;
    async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
      store.set(this.key(id), { payload, expiresAt: Date.now() + (expiresIn ?? 3600) * 1000 });
      if (this.model === 'Session') store.set(`SessionUid:${String(payload.uid)}`, { payload: { id }, expiresAt: Date.now() + (expiresIn ?? 3600) * 1000 });
    }
    async find(id: string) {
      return live(this.key(id));
    }
    async findByUid(uid: string) {
      const ref = live(`SessionUid:${uid}`);
      return ref ? live(this.key(String(ref.id))) : undefined;
    }
    async findByUserCode() {
      return undefined;
    }
    async consume(id: string) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key);
    }
  };
  /** Signs an account out here everywhere: its sessions are gone, so its next sign-in asks the password again. */
  const destroySessionsOf = (accountId: string) => {
    for (const [key, entry] of store) if (key.startsWith('Session:') && entry.payload.accountId === accountId) store.delete(key);
  };
  return { Adapter, destroySessionsOf };
}

/**
 * oidc-provider's outgoing requests (the back-channel logout): to the back office's last origin, on
 * 127.0.0.1 with the bank's host in the Host header (Node does not resolve *.localhost).
 */
function devFetchTo(rpOrigins: ReadonlyMap<BankCode, string>) {
  return async (url: string | URL, options: RequestInit): Promise<Response> => {
    const target = new URL(url);
    const bank = allBanks.find((b) => b.devHost === target.hostname);
    const origin = new URL(bank ? `${rpOrigins.get(bank.code)!}${target.pathname}` : target.href);
    const body = options.body instanceof URLSearchParams ? options.body.toString() : String(options.body ?? '');
    const headers = Object.fromEntries(new Headers(options.headers).entries());
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        {
          host: origin.hostname.endsWith('.localhost') || origin.hostname === 'localhost' ? '127.0.0.1' : origin.hostname,
          port: origin.port || 80,
          path: `${origin.pathname}${origin.search}`,
          method: options.method ?? 'GET',
          headers: { ...headers, host: origin.host, 'content-length': Buffer.byteLength(body) },
          timeout: 2500,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () => resolve(new Response(response.statusCode === 204 ? null : Buffer.concat(chunks), { status: response.statusCode ?? 500 })));
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', reject);
      request.end(body);
    });
  };
}

interface BankProviderContext {
  publicUrl: string;
  accounts: readonly DevAccount[];
  rpOrigins: Map<BankCode, string>;
  adapter: ReturnType<typeof memoryAdapter>['Adapter'];
}

/** One bank's provider: its issuer under /<code>, its keys, its client (the back office), its accounts. */
function bankProvider(bank: Bank, { publicUrl, accounts, rpOrigins, adapter }: BankProviderContext): Provider {
  const code = bank.code;
  const findAccount: Configuration['findAccount'] = (_ctx, sub) => {
    const found = accounts.find((a) => a.bankCode === code && a.sub === sub && !a.disabled);
    // A disabled account is no account: its session here no longer signs anyone in.
    if (!found) return undefined;
    return { accountId: found.sub, claims: () => ({ sub: found.sub, ...(found.groups ? { groups: found.groups } : {}) }) };
  };
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(`${publicUrl}/${code}`, {
    clients: [
      {
        client_id: devStaffOidc.clientId(code),
        client_secret: devStaffOidc.clientSecret(code),
        redirect_uris: [`http://${bank.devHost}:3000${callbackPath}`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
        backchannel_logout_uri: `http://${bank.devHost}:3000${logoutPath}`,
        backchannel_logout_session_required: false,
      },
    ],
    jwks: { keys: [{ ...(privateKey.export({ format: 'jwk' }) as object), kid: `dev-${code}-1`, use: 'sig', alg: 'RS256' }] as never },
    cookies: {
      keys: [`koza dev-idp cookies ${code}`],
      names: { session: `_session_${code}`, interaction: `_interaction_${code}`, resume: `_interaction_resume_${code}` },
    },
    claims: { openid: ['sub', 'groups', 'acr', 'amr', 'auth_time'] },
    // The ID token carries what the account has (a group claim among them), as a directory's often does.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false }, backchannelLogout: { enabled: true }, rpInitiatedLogout: { enabled: false } },
    pkce: { required: () => true },
    adapter,
    findAccount,
    interactions: { url: (_ctx, interaction) => `/${code}/interaction/${interaction.uid}` },
    // The back office is the bank's own application: no consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId = ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (existing) return existing;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid');
      await grant.save();
      return grant;
    },
    fetch: devFetchTo(rpOrigins) as unknown as Configuration['fetch'],
    async renderError(ctx, _out, error) {
      ctx.type = 'html';
      ctx.body = errorPage(bank.name, error instanceof Error ? error.message : 'error');
    },
  });
  // Development only: the back office on any port of the bank's development host (see above).
  const allowed = new RegExp(`^http://(${bank.devHost.replaceAll('.', '\\.')}|localhost|127\\.0\\.0\\.1)(:\\d{1,5})?${callbackPath}$`);
  provider.Client.prototype.redirectUriAllowed = function redirectUriAllowed(value: string) {
    if (!allowed.test(value)) return false;
    rpOrigins.set(code, new URL(value).origin);
    return true;
  };
  return provider;
}

export function createDevIdp({ publicUrl }: { publicUrl: string }): DevIdp {
  const accounts = devAccounts();
  /** Per bank: the back office's origin, as its last authorization request's redirect URI showed it. */
  const rpOrigins = new Map<BankCode, string>(allBanks.map((b) => [b.code, `http://${b.devHost}:3000`]));
  /** Per interaction: the account whose password was right, waiting for its code. */
  const passwordChecked = new Map<string, DevAccount>();

  const { Adapter: adapter, destroySessionsOf } = memoryAdapter();
  const providers = new Map<BankCode, Provider>(allBanks.map((bank) => [bank.code, bankProvider(bank, { publicUrl, accounts, rpOrigins, adapter })]));

  const accountOf = (code: BankCode, login: string) => accounts.find((a) => a.bankCode === code && a.login === login);

  async function interaction(req: IncomingMessage, res: ServerResponse, code: BankCode, uid: string, step: string | undefined): Promise<void> {
    const provider = providers.get(code)!;
    const bankName = getBank(code).name;
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) return send(res, 400, errorPage(bankName, 'interaction mismatch'));
    if (req.method === 'GET') return send(res, 200, passwordPage(bankName, code, uid, null));
    const form = await readForm(req);
    if (step === 'password') {
      const found = accountOf(code, form.get('login') ?? '');
      // One message for an unknown id, a wrong password and a disabled account.
      if (!found || found.disabled || found.password !== form.get('password')) {
        return send(res, 200, passwordPage(bankName, code, uid, 'ログインIDまたはパスワードが正しくありません。'));
      }
      passwordChecked.set(uid, found);
      return send(res, 200, otpPage(bankName, code, uid, null));
    }
    const found = passwordChecked.get(uid);
    if (!found || found.disabled) return send(res, 200, passwordPage(bankName, code, uid, 'もう一度ログインIDとパスワードを入力してください。'));
    if (!totpRight(found, form.get('otp') ?? '')) return send(res, 200, otpPage(bankName, code, uid, '確認コードが正しくありません。'));
    passwordChecked.delete(uid);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: found.sub, amr: ['pwd', 'otp'], acr: 'urn:koza:dev:mfa', remember: false } },
      { mergeWithLastSubmission: false },
    );
  }

  /** The admin endpoints the tests call: disable (and log out everywhere), enable, log out everywhere. */
  async function admin(res: ServerResponse, code: BankCode, login: string, action: string): Promise<void> {
    const found = accountOf(code, login);
    if (!found) return send(res, 404, errorPage(getBank(code).name, 'no such account'));
    if (action === 'enable') found.disabled = false;
    if (action === 'disable') found.disabled = true;
    let notified = 0;
    if (action !== 'enable') {
      destroySessionsOf(found.sub);
      const client = (await providers.get(code)!.Client.find(devStaffOidc.clientId(code))) as unknown as {
        backchannelLogout(sub: string, sid: string): Promise<void>;
      };
      await client.backchannelLogout(found.sub, '');
      notified = 1;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ login, sub: found.sub, disabled: found.disabled, backChannelLogouts: notified }));
  }

  return {
    accounts,
    handle(req, res) {
      const path = (req.url ?? '/').split('?')[0]!;
      const fail = (error: unknown) => {
        console.error('[dev-idp]', error instanceof Error ? error.message : error);
        if (!res.headersSent) send(res, 500, errorPage('開発用認証基盤', 'error'));
      };
      if (path === '/' && req.method === 'GET')
        return send(
          res,
          200,
          directoryPage(accounts, publicUrl, (a) => totpOf(a).generate()),
        );
      if (path === '/health') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"status":"ok"}');
      }
      const step = interactionPath.exec(path);
      if (step && providers.has(step[1] as BankCode)) return void interaction(req, res, step[1] as BankCode, step[2]!, step[4]).catch(fail);
      const adminCall = adminPath.exec(path);
      if (adminCall && req.method === 'POST' && providers.has(adminCall[1] as BankCode)) {
        return void admin(res, adminCall[1] as BankCode, adminCall[2]!, adminCall[3]!).catch(fail);
      }
      const code = path.slice(1, 5) as BankCode;
      const provider = providers.get(code);
      if (provider && (path.length === 5 || path[5] === '/')) {
        // Mounted under /<code>: the provider sees its own paths, and builds its URLs with the prefix.
        Object.assign(req, { originalUrl: req.url });
        req.url = req.url!.slice(5) || '/';
        return void (provider.callback() as (req: IncomingMessage, res: ServerResponse) => void)(req, res);
      }
      send(res, 404, errorPage('開発用認証基盤', 'not found'));
    },
  };
}
