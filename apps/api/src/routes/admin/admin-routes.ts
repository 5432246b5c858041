import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../../services/staff/audit.ts';
import type { AdminRouteDeps } from './admin-route-parts.ts';
import { actorOf, createStaffGuard, userAgentOf } from './staff-guard.ts';
import { announcementsRoutes } from './announcements-routes.ts';
import { passkeyRoutes } from './passkey-routes.ts';
import { staffSessionRoutes } from './staff-session-routes.ts';
import { caseDecisionRoutes, caseReadingRoutes } from './case-routes.ts';
import { staffAccountRoutes } from './staff-account-routes.ts';
import { auditRoutes } from './audit-routes.ts';
import { oidcRoutes } from './oidc-routes.ts';
// /api/admin: the back office's API, registered once with one staff-session hook for the whole
// prefix (staff-guard.ts) and one declared permission per route (`config.staff`).

export const adminRoutes: FastifyPluginAsyncZod<AdminRouteDeps> = async (app, deps) => {
  const { db, clock } = deps;
  const authDeps = { db, codeHashKey: deps.codeHashKey, dataKey: deps.dataKey, passwordLogN: deps.passwordLogN };
  app.decorateRequest('staff', null);
  app.decorateRequest('staffCsrfToken', null);
  app.addHook('onRequest', createStaffGuard({ ...authDeps, clock, isProduction: deps.isProduction }));
  // Every refused call (403: role, CSRF, cross-site, pending enrolment; 404: another bank's or no such
  // thing) is an audit row and counted per bank: probing is visible (ASVS 16.3.2).
  // onSend (before the answer leaves), so the row is there when the caller hears of the refusal.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 403 && reply.statusCode !== 404) return payload;
    // A staff session is only ever taken at its own bank's host (staff-guard.ts): the Host's bank.
    const bankCode = request.bank.code;
    deps.metrics.staffRefusals.inc({ bank: bankCode, status: String(reply.statusCode) });
    const actor = request.staff ? actorOf(request) : { staffId: null, loginId: 'no-session', bankCode, ipAddress: request.ip, userAgent: userAgentOf(request) };
    const params = request.params as { id?: unknown } | undefined;
    const applicationId = request.routeOptions.url?.startsWith('/api/admin/applications/:id') && typeof params?.id === 'string' ? params.id.slice(0, 64) : null;
    try {
      await audit(db, actor, 'REFUSED', clock.now().getTime(), {
        applicationId,
        detail: `${reply.statusCode} ${request.method} ${request.routeOptions.url ?? 'unmatched'}`,
      });
    } catch (error) {
      request.log.warn({ event: 'audit-refusal-failed', err: error }, 'a refused staff call could not be audited');
    }
    return payload;
  });

  staffSessionRoutes(app, deps);
  caseReadingRoutes(app, deps);
  caseDecisionRoutes(app, deps);
  staffAccountRoutes(app, deps);
  auditRoutes(app, deps);
  // ---- maintenance windows, notices, funnel (part 2) ----
  await app.register(announcementsRoutes, { db, clock });
  await app.register(passkeyRoutes, { auth: authDeps, clock, isProduction: deps.isProduction });
  // Its own scope: the back-channel logout's form body parser applies to its routes only.
  await app.register(oidcRoutes, { ...deps, prefix: '' });
};
