import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Clock } from '../adapters/clock.ts';
import type { Db } from '../db/database.ts';
import { ApiError, MaintenanceError } from '../http/errors.ts';
import { maintenanceBlockingWrites } from '../services/platform/maintenance.ts';
import { landingText } from '@koza/domain/landing-text';
import { createAuthenticator } from '../services/platform/sessions.ts';
import type { AuthContext } from '../services/platform/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The applicant's session on routes behind `guards.applicant`; null elsewhere. */
    auth: AuthContext | null;
  }
}

/**
 * preHandlers shared by the applicant's routes. A route marked "(auth)" in SPEC.md §7 declares
 * `preHandler: guards.applicant`, and this list is the one place the applicant's token check lives.
 * Staff routes never use it: the staff side has its own guard (routes/admin/staff-guard.ts,
 * `staffGuard`) on the whole /api/admin prefix, with a cookie session instead of a bearer token.
 */
export interface RouteGuards {
  applicant: preHandlerHookHandler[];
}

export interface GuardDeps {
  db: Db;
  clock: Clock;
  codeHashKey: Buffer;
}

export function installAuthContext(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
}

/**
 * `Authorization: Bearer <token>` → request.auth; otherwise 401 { code: 'UNAUTHORIZED', message:
 * the session-error text } (missing, unknown, revoked, another bank's, idle over 30 minutes, older
 * than 3 hours). Accepted calls extend the idle window (at most one UPDATE a minute, decision 0122);
 * a session read in the last second may be answered from memory (decision 0176).
 */
export function createRouteGuards(deps: GuardDeps): RouteGuards {
  const authenticate = createAuthenticator(deps.db, deps.codeHashKey);
  // Callback style: a session kept in memory goes on in the same turn, no promise (decision 0187).
  const bearer: preHandlerHookHandler = (request, _reply, done) => {
    const token = bearerToken(request.headers.authorization);
    if (token === null) return done(new ApiError(401));
    const now = deps.clock.now().getTime();
    const kept = authenticate.kept(token, request.bank.code, now);
    if (kept !== undefined) {
      request.auth = kept;
      return done();
    }
    authenticate(token, request.bank.code, now).then((auth) => {
      if (auth === null) return done(new ApiError(401));
      request.auth = auth;
      done();
    }, done);
  };
  return { applicant: [bearer, maintenanceGate(deps)] };
}

/** Reads and polls that arrive as POST: never refused during maintenance (the eKYC result is shown). */
const readsByPost = new Set(['/api/ekyc/status']);

/**
 * During a maintenance window of the applicant's bank, every applicant write (a method other than
 * GET/HEAD behind guards.applicant, and the completion) is refused with one answer: 503
 * `{ code: 'MAINTENANCE', message, startedAt, endedAt }` and Retry-After (SPEC.md §7 addition,
 * docs/decisions/0211-maintenance-for-applicants-inside.md). Nothing of the request was done; the web
 * shows the maintenance modal and sends the same request again after the window.
 */
export function maintenanceGate(deps: Pick<GuardDeps, 'db' | 'clock'>): preHandlerHookHandler {
  return (request, _reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD' || readsByPost.has(request.url)) return done();
    maintenanceBlockingWrites(deps.db, request.bank.code, deps.clock.now()).then((window) => {
      if (window === null) return done();
      done(new MaintenanceError({ startedAt: window.startedAt, endedAt: window.endedAt }, landingText.maintenanceInFlowLead, window.secondsLeft));
    }, done);
  };
}

const bearerPattern = /^Bearer +(\S+) *$/i;

function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  // What the web sends, 'Bearer ' and a 43-letter token, without the regular expression.
  if (header.length === 50 && header.startsWith('Bearer ') && header.indexOf(' ', 7) === -1) return header.slice(7);
  const match = bearerPattern.exec(header);
  return match ? match[1]! : null;
}

/** request.auth on a route behind guards.applicant (a programming error elsewhere). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new ApiError(401);
  return request.auth;
}
