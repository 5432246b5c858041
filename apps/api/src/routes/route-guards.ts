import type { preHandlerHookHandler } from 'fastify';

/**
 * preHandlers shared by routes. A route marked "(auth)" in SPEC.md §7 declares
 * `preHandler: guards.authenticated`; the session issue (bearer tokens, DECISIONS.md §3) puts the
 * token check into `authenticated` here, in one line, and every such route is protected.
 */
export interface RouteGuards {
  authenticated: preHandlerHookHandler[];
}

export function createRouteGuards(): RouteGuards {
  return { authenticated: [] };
}
