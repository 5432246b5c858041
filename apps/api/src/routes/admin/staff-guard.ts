import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { can } from '@koza/domain/admin/roles';
import type { Permission } from '@koza/domain/admin/roles';
import { adminMessages } from '@koza/domain/admin/messages';
import type { Clock } from '../../adapters/clock.ts';
import { ApiError } from '../../http/errors.ts';
import { authenticateStaff, csrfTokenFor, csrfTokenMatches } from '../../services/staff/staff-auth.ts';
import type { StaffAuthDeps, StaffContext } from '../../services/staff/staff-auth.ts';
import type { Actor } from '../../services/staff/audit.ts';

// The one staff-session hook of /api/admin (docs/decisions/0111-staff-authentication.md). Every admin
// route declares what it needs in `config.staff`:
//   'public'      sign-in only: no session;
//   'session'     any signed-in staff member (the session itself, sign-out, TOTP enrolment);
//   a Permission  (@koza/domain/admin/roles) the role must have.
// Order of refusals: 403 CROSS_SITE (a state-changing call whose Origin or Sec-Fetch-Site is not this
// site, sign-in included) → 401 no or dead session, or a session of another bank's member at this
// bank's host → 403 CSRF (state-changing calls) → 403 PASSWORD_CHANGE_REQUIRED → 403 TOTP enrolment
// pending → 403 role. Another bank's application is 404, decided by the services.
// A route without `config.staff` is refused (500 at the first call, caught by the tests), so a new
// route cannot be left open by accident.

export type StaffAccess = 'public' | 'session' | Permission;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Admin routes: who may call (routes/admin/staff-guard.ts). */
    staff?: StaffAccess;
  }
  interface FastifyRequest {
    /** The staff member on /api/admin routes behind the staff guard; null elsewhere. */
    staff: StaffContext | null;
    /** The CSRF token of the caller's staff session (GET /api/admin/session gives it to the app). */
    staffCsrfToken: string | null;
  }
}

export const staffCookieName = (isProduction: boolean) => (isProduction ? '__Host-koza_staff' : 'koza_staff');

export function staffCookie(isProduction: boolean, token: string | null): string {
  const value = token ?? '';
  const parts = [`${staffCookieName(isProduction)}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Strict'];
  if (isProduction) parts.push('Secure');
  if (token === null) parts.push('Max-Age=0');
  return parts.join('; ');
}

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createStaffGuard(deps: StaffAuthDeps & { clock: Clock; isProduction: boolean }): onRequestHookHandler {
  return async function staffGuard(request: FastifyRequest, _reply: FastifyReply) {
    const access = request.routeOptions.config.staff;
    if (access === undefined) throw new Error(`admin route ${request.routeOptions.url} declares no config.staff`);
    const changes = !safeMethods.has(request.method);
    if (changes && !sameSite(request)) throw new ApiError(403, { code: 'CROSS_SITE', message: adminMessages.crossSite });
    if (access === 'public') return;
    const token = readCookie(request.headers.cookie, staffCookieName(deps.isProduction));
    const context = token === null ? null : await authenticateStaff(deps, token, deps.clock.now().getTime());
    // A member's session is good at their bank's host only (one login id namespace per bank).
    if (context === null || token === null || context.staff.bankCode !== request.bank.code) throw new ApiError(401, { message: adminMessages.sessionEnded });
    if (changes && !csrfTokenMatches(deps.codeHashKey, token, header(request.headers['x-csrf-token']))) {
      throw new ApiError(403, { code: 'CSRF', message: adminMessages.csrf });
    }
    request.staff = context;
    request.staffCsrfToken = csrfTokenFor(deps.codeHashKey, token);
    if (access === 'session') return;
    if (context.passwordChangeRequired) throw new ApiError(403, { code: 'PASSWORD_CHANGE_REQUIRED', message: adminMessages.passwordChangeRequired });
    if (context.totpSetupRequired) throw new ApiError(403, { code: 'TOTP_SETUP_REQUIRED', message: adminMessages.totpSetupRequired });
    if (!can(context.staff.role, access)) throw new ApiError(403, { message: adminMessages.forbidden });
  };
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * A state-changing call comes from the back office's own pages: Sec-Fetch-Site (sent by every
 * current browser) is same-origin (or none: typed, bookmarked), and Origin, when sent, names this
 * host. Clients that send neither (the tests' inject, curl) pass; SameSite=Strict and the CSRF token
 * still guard them.
 */
function sameSite(request: FastifyRequest): boolean {
  const site = header(request.headers['sec-fetch-site']);
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = header(request.headers.origin);
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/** The request's user agent for audit rows and sessions (cut, never trusted). */
export const userAgentOf = (request: FastifyRequest): string | null => header(request.headers['user-agent'])?.slice(0, 300) ?? null;

/** The signed-in staff member (a programming error on a public route). */
export function requireStaff(request: FastifyRequest): StaffContext {
  if (!request.staff) throw new ApiError(401);
  return request.staff;
}

export const actorOf = (request: FastifyRequest): Actor => {
  const { staff } = requireStaff(request);
  // The guard has checked that the member's bank is the Host's: the Host's code is the typed one.
  return { staffId: staff.id, loginId: staff.loginId, bankCode: request.bank.code, ipAddress: request.ip, userAgent: userAgentOf(request) };
};
