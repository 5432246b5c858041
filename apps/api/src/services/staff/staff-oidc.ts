import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { JWTPayload, JWTVerifyGetKey } from 'jose';
import { adminMessages } from '@koza/domain/admin/messages';
import type { BankCode } from '@koza/domain/constants';
import type { Config, StaffOidcProvider } from '../../config.ts';
import { findStaffBySubject, insertOidcState, markOidcSignIn, takeOidcState } from '../../db/repositories/staff-oidc-repository.ts';
import { revokeSessionsOfStaff } from '../../db/repositories/staff-repository.ts';
import { durableTransaction } from '../../db/durable-transaction.ts';
import { keyedHash } from '../platform/keyed-hash.ts';
import { Refusal } from '../platform/refusals.ts';
import { audit } from './audit.ts';
import type { Actor } from './audit.ts';
import { openStaffSession } from './staff-auth.ts';
import type { SignInFailure, StaffAuthDeps, StaffContext } from './staff-auth.ts';

// Staff sign-in through the bank's OpenID Connect provider (issue 44, decision 0253). This service is
// the provider's relying party, one client per bank, with openid-client: the Authorization Code flow
// with PKCE (S256), `state` and `nonce`; the ID token's signature (non-repudiation checks on: the
// token endpoint's answer is not trusted for it), issuer, audience, expiry, nonce and `auth_time`
// against `max_age` are checked by the library, never by hand; the `iss` of the authorization
// response (RFC 9207) too when the provider sends it. Each bank host has exactly one issuer: a
// response of any other provider fails the issuer check (mix-up).
//
// The sign-in sent to the provider (state, nonce, PKCE verifier, redirect URI) is a database row found
// by the keyed hash of a random cookie (HttpOnly, SameSite=Lax: the provider's redirect back is a
// cross-site top-level GET), so any instance may serve the callback; it is taken once and is good for
// ten minutes. The provider proves who the person is and that they passed its MFA (the bank's
// required `amr`/`acr`); the member is the one this bank's ADMINs linked to the token's `iss` + `sub`
// (decision 0233's four eyes), never found by a mail address or name, and their role is the service's
// own: nothing else of the token is read or stored. Every refusal answers the same Japanese message.

/** How long a sign-in sent to the provider may take to come back. */
export const oidcStateMs = 10 * 60_000;

/** The browser's handle of the sign-in under way (the row is found by its keyed hash). */
export const oidcCookieName = (isProduction: boolean) => (isProduction ? '__Host-koza_staff_oidc' : 'koza_staff_oidc');

export function oidcCookie(isProduction: boolean, token: string | null): string {
  const parts = [`${oidcCookieName(isProduction)}=${token ?? ''}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${token === null ? 0 : oidcStateMs / 1000}`];
  if (isProduction) parts.push('Secure');
  return parts.join('; ');
}

const stateId = (key: Buffer, token: string) => keyedHash(key, 'staff-oidc-state', token);
const cookiePattern = /^[A-Za-z0-9_-]{43}$/;
/** Signature algorithms a logout token may use: asymmetric only (never `none`, never HMAC with the client secret). */
const logoutTokenAlgorithms = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];
const backChannelLogoutEvent = 'http://schemas.openid.net/event/backchannel-logout';

interface Discovered {
  config: oidc.Configuration;
  jwks: JWTVerifyGetKey;
}

/** The banks' providers as this instance knows them: each discovered once, at its first use. */
export interface StaffOidc {
  providerOf(bankCode: BankCode): StaffOidcProvider | null;
  discovered(bankCode: BankCode): Promise<Discovered>;
  /** The bank's STAFF_LOCAL_SIGN_IN (`off`: the command line's accounts and break-glass only). */
  localSignIn(bankCode: BankCode): 'on' | 'off';
}

export function createStaffOidc(config: Pick<Config, 'staffOidc' | 'staffLocalSignIn' | 'isProduction'>): StaffOidc {
  const { staffOidc: providers, isProduction } = config;
  const cache = new Map<BankCode, Promise<Discovered>>();
  const discover = async (provider: StaffOidcProvider): Promise<Discovered> => {
    const config = await oidc.discovery(new URL(provider.issuer), provider.clientId, undefined, oidc.ClientSecretBasic(provider.clientSecret), {
      // Development providers run on http://localhost; production refuses an http issuer (config.ts).
      execute: isProduction ? [] : [oidc.allowInsecureRequests],
      timeout: 5,
    });
    // The ID token's signature is checked even though it comes straight from the token endpoint.
    oidc.enableNonRepudiationChecks(config);
    const jwksUri = config.serverMetadata().jwks_uri;
    if (jwksUri === undefined) throw new Error('the provider publishes no jwks_uri');
    return { config, jwks: createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: 5000 }) };
  };
  return {
    providerOf: (bankCode) => providers[bankCode] ?? null,
    localSignIn: (bankCode) => config.staffLocalSignIn[bankCode],
    discovered(bankCode) {
      const provider = providers[bankCode];
      if (!provider) return Promise.reject(new Error(`bank ${bankCode} has no provider`));
      let found = cache.get(bankCode);
      if (!found) {
        found = discover(provider);
        cache.set(bankCode, found);
        // A provider that could not be reached is asked again at the next sign-in.
        found.catch(() => cache.delete(bankCode));
      }
      return found;
    },
  };
}

export interface StaffOidcDeps extends Pick<StaffAuthDeps, 'db' | 'codeHashKey'> {
  oidc: StaffOidc;
}

/** The one answer to every failed sign-in through the provider. */
const providerSignInFailed = () => new Refusal('unauthenticated', { code: 'SIGN_IN_FAILED', message: adminMessages.providerSignInFailed });

/**
 * Starts a sign-in at the bank's provider: the authorization URL to redirect the browser to, and the
 * cookie token that binds the browser to the row kept for the callback.
 */
export async function startOidcSignIn(
  deps: StaffOidcDeps,
  s: { bankCode: BankCode; redirectUri: string; now: number },
): Promise<{ url: string; cookieToken: string }> {
  const provider = deps.oidc.providerOf(s.bankCode);
  if (!provider) throw new Refusal('notFound');
  let config: oidc.Configuration;
  try {
    ({ config } = await deps.oidc.discovered(s.bankCode));
  } catch {
    throw providerSignInFailed();
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const cookieToken = randomBytes(32).toString('base64url');
  await insertOidcState(
    deps.db,
    { id: stateId(deps.codeHashKey, cookieToken), bankCode: s.bankCode, state, nonce, codeVerifier, redirectUri: s.redirectUri, createdAt: s.now },
    s.now - oidcStateMs,
  );
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: s.redirectUri,
    scope: 'openid',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    // The provider authenticates again when its sign-in is older than a session may last here.
    max_age: String(provider.sessionMinutes * 60),
    ...(provider.requiredAcr.length > 0 ? { acr_values: provider.requiredAcr.join(' ') } : {}),
  });
  return { url: url.href, cookieToken };
}

export interface OidcCallbackInput {
  bankCode: BankCode;
  /** The cookie of the browser that started the sign-in (null: none sent). */
  cookieToken: string | null;
  /** The callback's query string as received (`code`, `state`, `iss`, or the provider's `error`). */
  search: string;
  ipAddress: string;
  userAgent: string | null;
  now: number;
  onFailure?: (reason: SignInFailure) => void;
}

/** Why a provider's answer is refused, for the audit line only (the person sees one message). */
type OidcRefusal = 'state' | 'provider' | 'token' | 'mfa' | 'unlinked' | 'disabled';

/**
 * Finishes a sign-in at the provider's redirect back: the row taken once, the code exchanged and the
 * ID token checked by openid-client, the bank's MFA claim required, the linked member found by
 * (bank, iss, sub), and the same staff session the local sign-in opens, ending at the latest the
 * bank's session minutes after the provider's authentication. Every refusal is an audit line naming
 * what failed and the provider subject where one was proved, and answers the same 401.
 */
export async function finishOidcSignIn(deps: StaffOidcDeps, input: OidcCallbackInput): Promise<{ token: string; context: StaffContext }> {
  const { db, now } = { db: deps.db, now: input.now };
  const provider = deps.oidc.providerOf(input.bankCode);
  if (!provider) throw new Refusal('notFound');
  const refuse = async (reason: OidcRefusal, subject: string | null, detail?: string): Promise<never> => {
    const actor: Actor = {
      staffId: null,
      loginId: subject === null ? 'oidc' : `oidc:${subject}`,
      bankCode: input.bankCode,
      ipAddress: input.ipAddress,
      userAgent: input.userAgent,
    };
    await audit(db, actor, 'SIGN_IN_FAILED', now, { detail: `oidc ${reason}${detail ? `: ${detail}` : ''}` });
    input.onFailure?.('provider');
    throw providerSignInFailed();
  };

  const row =
    input.cookieToken !== null && cookiePattern.test(input.cookieToken)
      ? await takeOidcState(db, stateId(deps.codeHashKey, input.cookieToken), now - oidcStateMs)
      : null;
  // No row (no cookie, another browser's, used already, too old) or one begun at another bank's host.
  if (row === null || row.bankCode !== input.bankCode) return refuse('state', null);

  let claims: oidc.IDToken;
  try {
    const { config } = await deps.oidc.discovered(input.bankCode);
    const tokens = await oidc.authorizationCodeGrant(
      config,
      new URL(`${row.redirectUri}${input.search}`),
      { pkceCodeVerifier: row.codeVerifier, expectedState: row.state, expectedNonce: row.nonce, idTokenExpected: true, maxAge: provider.sessionMinutes * 60 },
      { redirect_uri: row.redirectUri },
    );
    claims = tokens.claims()!;
  } catch (error) {
    // The library's code says which check failed (never a token or a secret).
    const code = (error as { code?: unknown }).code;
    const what =
      error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError
        ? error.error
        : typeof code === 'string'
          ? code
          : (error as Error).name;
    return refuse(error instanceof oidc.AuthorizationResponseError ? 'provider' : 'token', null, what.slice(0, 80));
  }
  const subject = claims.sub;
  if (!hasRequiredMfa(provider, claims)) return refuse('mfa', subject);
  const staff = await findStaffBySubject(db, input.bankCode, claims.iss, subject);
  if (staff === null) return refuse('unlinked', subject);
  if (staff.disabledAt !== null || staff.awaitingConfirmation === 1) return refuse('disabled', subject);

  // auth_time is there: max_age made the library require it.
  const authenticatedAt = Math.min(now, Number(claims.auth_time) * 1000);
  const expiresAt = authenticatedAt + provider.sessionMinutes * 60_000;
  const actor: Actor = { staffId: staff.id, loginId: staff.loginId, bankCode: input.bankCode, ipAddress: input.ipAddress, userAgent: input.userAgent };
  return openStaffSession(
    deps,
    staff,
    { ipAddress: input.ipAddress, userAgent: input.userAgent, now, actor, auditDetail: `oidc sub=${subject}`, provider: { expiresAt } },
    (trx) => markOidcSignIn(trx, staff.id, now),
  );
}

/** The bank's required MFA: every configured `amr` value in the token's `amr`, and its `acr` one of the configured ones. */
export function hasRequiredMfa(provider: StaffOidcProvider, claims: JWTPayload): boolean {
  const amr = Array.isArray(claims.amr) ? claims.amr.filter((v): v is string => typeof v === 'string') : [];
  if (!provider.requiredAmr.every((value) => amr.includes(value))) return false;
  return provider.requiredAcr.length === 0 || (typeof claims.acr === 'string' && provider.requiredAcr.includes(claims.acr));
}

/**
 * OpenID Connect Back-Channel Logout 1.0: the provider posts a logout token when a person signs out
 * there or is stopped. The token is verified with jose against the provider's keys (issuer, audience
 * = this bank's client id, an asymmetric algorithm, issued within the last five minutes), carries the
 * back-channel logout event, a subject and no nonce (an ID token is not a logout token). Every
 * session of the linked member ends. A token that does not verify, or names no member of this bank,
 * is refused (400; nothing changes).
 */
export async function backChannelLogout(deps: StaffOidcDeps, s: { bankCode: BankCode; logoutToken: string; ipAddress: string; now: number }): Promise<void> {
  const provider = deps.oidc.providerOf(s.bankCode);
  if (!provider) throw new Refusal('notFound');
  const refused = () => new Refusal('invalid', { code: 'invalid_request', message: 'logout token refused' });
  let payload: JWTPayload;
  try {
    const { jwks } = await deps.oidc.discovered(s.bankCode);
    ({ payload } = await jwtVerify(s.logoutToken, jwks, {
      issuer: provider.issuer,
      audience: provider.clientId,
      algorithms: logoutTokenAlgorithms,
      maxTokenAge: '5 minutes',
      currentDate: new Date(s.now),
      requiredClaims: ['iat', 'jti', 'events', 'sub'],
    }));
  } catch {
    throw refused();
  }
  const events = payload.events as Record<string, unknown> | undefined;
  if (
    typeof events !== 'object' ||
    events === null ||
    typeof events[backChannelLogoutEvent] !== 'object' ||
    'nonce' in payload ||
    typeof payload.sub !== 'string'
  ) {
    throw refused();
  }
  const staff = await findStaffBySubject(deps.db, s.bankCode, provider.issuer, payload.sub);
  if (staff === null) throw refused();
  const actor: Actor = { staffId: staff.id, loginId: staff.loginId, bankCode: s.bankCode, ipAddress: s.ipAddress, userAgent: null };
  await durableTransaction(deps.db, async (trx) => {
    await revokeSessionsOfStaff(trx, staff.id, s.now);
    await audit(trx, actor, 'PROVIDER_LOGOUT', s.now, { detail: `oidc sub=${payload.sub}` });
  });
}
