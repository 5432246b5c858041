import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signInOptionsSchema } from '@koza/domain/api/admin';
import { enforceLimits, minutes } from '../../services/platform/rate-limits.ts';
import { Refusal } from '../../services/platform/refusals.ts';
import { backChannelLogout, finishOidcSignIn, oidcCookie, oidcCookieName, startOidcSignIn } from '../../services/staff/staff-oidc.ts';
import { readCookie, staffCookie, userAgentOf } from './staff-guard.ts';
import type { AdminRouteDeps } from './admin-route-parts.ts';

// Staff sign-in through the bank's identity provider (decision 0253): what the sign-in screen offers,
// the redirect to the provider, its redirect back, and its back-channel logout. All public (no staff
// session yet); the callback is a cross-site top-level GET from the provider, so it is not a
// state-changing call to the staff guard, and the browser is bound to the sign-in by the cookie of the
// start, not by a CSRF token.

/** Where the provider sends the browser back: this bank's host (https in production). */
function redirectUriOf(request: FastifyRequest, isProduction: boolean): string {
  return `${isProduction ? 'https' : request.protocol}://${request.headers.host ?? ''}/api/admin/oidc/callback`;
}

/** The back office's sign-in screen, telling it one thing: the sign-in did not complete (decision 0253). */
const failedLanding = '/admin/?sign-in=failed';

export const oidcRoutes: FastifyPluginAsyncZod<AdminRouteDeps> = async (app, deps) => {
  const { db, clock } = deps;
  const oidcDeps = { db, codeHashKey: deps.codeHashKey, oidc: deps.staffOidc };

  app.get('/sign-in-options', { config: { staff: 'public' }, schema: { response: { 200: signInOptionsSchema } } }, async (request) => ({
    provider: deps.staffOidc.providerOf(request.bank.code) !== null,
    localSignIn: deps.staffOidc.localSignIn(request.bank.code),
  }));

  app.get('/oidc/start', { config: { staff: 'public' } }, async (request, reply) => {
    const now = clock.now().getTime();
    // Each start writes a row: counted per address so that nobody fills the table (a branch's staff
    // behind one address sign in in the same morning: generous).
    await enforceLimits(db, [{ key: `staff-oidc-start:ip:${request.ip}`, limits: [{ max: 120, windowMs: minutes(10) }] }], now);
    try {
      const { url, cookieToken } = await startOidcSignIn(oidcDeps, {
        bankCode: request.bank.code,
        redirectUri: redirectUriOf(request, deps.isProduction),
        now,
      });
      void reply.header('set-cookie', oidcCookie(deps.isProduction, cookieToken)).header('cache-control', 'no-store');
      return reply.redirect(url, 303);
    } catch (error) {
      if (!(error instanceof Refusal) || error.kind === 'notFound') throw error;
      request.log.warn({ event: 'staff-oidc-start-failed', bank: request.bank.code }, 'the bank identity provider could not be reached');
      return reply.header('cache-control', 'no-store').redirect(failedLanding, 303);
    }
  });

  app.get('/oidc/callback', { config: { staff: 'public' } }, async (request, reply) => {
    const bankCode = request.bank.code;
    const rawUrl = request.raw.url ?? '';
    const search = rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?')) : '';
    void reply.header('cache-control', 'no-store');
    try {
      const { token } = await finishOidcSignIn(oidcDeps, {
        bankCode,
        cookieToken: readCookie(request.headers.cookie, oidcCookieName(deps.isProduction)),
        search,
        ipAddress: request.ip,
        userAgent: userAgentOf(request),
        now: clock.now().getTime(),
        onFailure: (reason) => deps.metrics.staffSignInFailures.inc({ bank: bankCode, reason }),
      });
      void reply.header('set-cookie', [oidcCookie(deps.isProduction, null), staffCookie(deps.isProduction, token)]);
      return reply.redirect('/admin/', 303);
    } catch (error) {
      if (!(error instanceof Refusal) || error.kind === 'notFound') throw error;
      void reply.header('set-cookie', oidcCookie(deps.isProduction, null));
      return reply.redirect(failedLanding, 303);
    }
  });

  // OpenID Connect Back-Channel Logout 1.0: the provider's POST, a form with the logout token.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.post(
    '/oidc/backchannel-logout',
    { config: { staff: 'public' }, schema: { body: z.object({ logout_token: z.string().min(1).max(8192) }) } },
    async (request, reply) => {
      const now = clock.now().getTime();
      await enforceLimits(db, [{ key: `staff-oidc-logout:ip:${request.ip}`, limits: [{ max: 120, windowMs: minutes(1) }] }], now);
      await backChannelLogout(oidcDeps, { bankCode: request.bank.code, logoutToken: request.body.logout_token, ipAddress: request.ip, now });
      return reply.header('cache-control', 'no-store').code(200).send();
    },
  );
};
