import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import type { CryptoKey, JWTPayload } from 'jose';

// A bank's identity provider in the test process, over real HTTP (node:http), that signs with jose
// whatever a test asks for: the provider's own discovery, JWKS and token endpoint, so that the API's
// relying party (openid-client) checks real tokens — good ones and forged ones (wrong issuer,
// audience, nonce, key, expired, `alg: none`, no MFA claim). The token endpoint checks the client's
// secret and PKCE verifier and takes each code once, as a provider does. The authorization endpoint
// is the test: `authorize` reads the API's redirect (state, nonce, code challenge) and answers the
// callback's query string.

export interface FakeOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the provider answers the browser with (the callback's `?code=…&state=…&iss=…`), for the token `token` describes. */
  authorize(authorizationUrl: string, token?: TokenSpec): string;
  /** A logout token for `sub` (Back-Channel Logout 1.0), signed with the provider's key unless told otherwise. */
  logoutToken(spec: { sub?: string; claims?: Record<string, unknown>; key?: 'provider' | 'attacker' }): Promise<string>;
  /** Codes the token endpoint was asked for (a replayed one included). */
  tokenRequests: number;
  close(): Promise<void>;
}

export interface TokenSpec {
  sub?: string;
  /** Claims that replace or add to the good token's (`iss`, `aud`, `nonce`, `exp`, `amr`, `acr`, `auth_time`, a group claim …). */
  claims?: Record<string, unknown>;
  /** Claims removed from the good token. */
  without?: string[];
  /** `attacker`: signed with a key the provider never published, under the provider's key id. `none`: unsigned. */
  signing?: 'provider' | 'attacker' | 'none';
}

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');
const kid = 'fake-provider-key-1';

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeOidcProvider(options: { clientId?: string; clientSecret?: string } = {}): Promise<FakeOidcProvider> {
  const providerKey = await generateKeyPair('RS256');
  const attackerKey = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(providerKey.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { idToken: string; challenge: string; redirectUri: string }>();
  const clientId = options.clientId ?? 'koza-test-client';
  const clientSecret = options.clientSecret ?? 'test-client-secret-0123456789';

  const sign = async (payload: JWTPayload, signing: TokenSpec['signing'] = 'provider', typ?: string): Promise<string> => {
    if (signing === 'none') return `${b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}.`;
    const key: CryptoKey = signing === 'attacker' ? attackerKey.privateKey : providerKey.privateKey;
    return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid, ...(typ ? { typ } : {}) }).sign(key);
  };

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify(body));
  };

  const fake: FakeOidcProvider = {
    issuer: '',
    clientId,
    clientSecret,
    tokenRequests: 0,
    authorize(authorizationUrl, token = {}) {
      const url = new URL(authorizationUrl);
      const param = (name: string) => url.searchParams.get(name) ?? '';
      const now = Math.floor(Date.now() / 1000);
      const claims: Record<string, unknown> = {
        iss: fake.issuer,
        aud: param('client_id'),
        sub: token.sub ?? 'subject-1',
        nonce: param('nonce'),
        iat: now,
        exp: now + 300,
        auth_time: now - 5,
        amr: ['pwd', 'otp'],
        ...token.claims,
      };
      for (const name of token.without ?? []) delete claims[name];
      const code = randomBytes(16).toString('base64url');
      // Signed when the code is exchanged, as a provider does (the promise is awaited there).
      const pending = { idToken: '', challenge: param('code_challenge'), redirectUri: param('redirect_uri') };
      codes.set(code, pending);
      void sign(claims as JWTPayload, token.signing).then((idToken) => (pending.idToken = idToken));
      return `?${new URLSearchParams({ code, state: param('state'), iss: fake.issuer }).toString()}`;
    },
    async logoutToken({ sub = 'subject-1', claims = {}, key = 'provider' }) {
      const now = Math.floor(Date.now() / 1000);
      return sign(
        {
          iss: fake.issuer,
          aud: clientId,
          sub,
          iat: now,
          jti: randomBytes(8).toString('hex'),
          events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
          ...claims,
        },
        key,
        'logout+jwt',
      );
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      if (path === '/.well-known/openid-configuration') {
        return answer(response, 200, {
          issuer: fake.issuer,
          authorization_endpoint: `${fake.issuer}/auth`,
          token_endpoint: `${fake.issuer}/token`,
          jwks_uri: `${fake.issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic'],
          authorization_response_iss_parameter_supported: true,
          backchannel_logout_supported: true,
        });
      }
      if (path === '/jwks') return answer(response, 200, { keys: [publicJwk] });
      if (path === '/token' && request.method === 'POST') {
        fake.tokenRequests++;
        const form = new URLSearchParams(await readBody(request));
        const basic = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8');
        // RFC 6749 2.3.1: each half form-encoded (openid-client encodes even "-").
        const [id, secret] = basic.split(':').map((part) => decodeURIComponent(part.replaceAll('+', ' ')));
        if (id !== clientId || secret !== clientSecret) return answer(response, 401, { error: 'invalid_client' });
        const entry = codes.get(form.get('code') ?? '');
        // A code is good once.
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (!entry || entry.redirectUri !== form.get('redirect_uri') || createHash('sha256').update(verifier).digest('base64url') !== entry.challenge) {
          return answer(response, 400, { error: 'invalid_grant' });
        }
        for (let i = 0; i < 50 && entry.idToken === ''; i++) await new Promise((r) => setTimeout(r, 10));
        return answer(response, 200, { access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 300, id_token: entry.idToken });
      }
      answer(response, 404, { error: 'not_found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
