import type { FastifyInstance } from 'fastify';
import type { DrainState } from '../http/graceful-shutdown.ts';
import { ApiError } from '../http/errors.ts';
import { bankOf, decorateBank } from './bank.ts';
import type { BankConfig } from './bank.ts';
import { logRequest } from './logging.ts';
import { observeAnswer } from './metrics.ts';
import type { AppMetrics } from './metrics.ts';
import { apiSecurityHeaders, isApiUrl, isNoStoreUrl, securityHeaders } from './security-headers.ts';

// What every answer gets, as ONE hook per phase (docs/decisions/0186-one-hook-per-phase.md): Fastify
// runs each hook of a phase through its hook runner, so five onRequest plugins cost five calls,
// closures and `done`s per request. In the order the separate plugins ran before:
// - onRequest: the security headers (computed once at start: plugins/security-headers.ts; the API's
//   own set on /api answers, decision 0246), then
//   X-Request-Id (plugins/request-id.ts), then request.bank from the Host (or 421: plugins/bank.ts);
// - onSend: Cache-Control: no-store on /api and /__dev answers; Connection: close while draining;
// - onResponse: the metrics (plugins/metrics.ts), then the request's log line (plugins/logging.ts).
// The security headers are reply headers (they were set on the raw response): Node then writes all
// the headers of an answer in one pass instead of validating and storing each twice, and they come
// out first, in the same order, as before.

export interface RequestHooksOptions {
  isProduction: boolean;
  bank: BankConfig;
  metrics: AppMetrics;
}

/** Installs the hooks; returns the drain state (set by the shutdown, http/graceful-shutdown.ts). */
export function installRequestHooks(app: FastifyInstance, options: RequestHooksOptions): DrainState {
  const pageHeaders = Object.entries(securityHeaders(options.isProduction));
  const apiHeaders = Object.entries(apiSecurityHeaders(options.isProduction));
  const drain: DrainState = { draining: false, notReady: false };
  const { bank: bankConfig, metrics } = options;
  decorateBank(app);

  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of isApiUrl(request.url) ? apiHeaders : pageHeaders) void reply.header(name, value);
    void reply.header('x-request-id', request.id);
    // A request that reached a draining instance on a connection it already had is served (its
    // answer says Connection: close, onSend below): a 503 here would be an error for a request the
    // load balancer cannot safely retry elsewhere (issue 27). Only one still arriving when the grace
    // period ends is cut with a 503 (http/graceful-shutdown.ts).
    const bank = bankOf(request, bankConfig);
    if (bank instanceof ApiError) return done(bank);
    request.bank = bank;
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (isNoStoreUrl(request.url)) void reply.header('cache-control', 'no-store');
    if (drain.draining) void reply.header('connection', 'close');
    done(null, payload);
  });

  app.addHook('onResponse', (request, reply, done) => {
    observeAnswer(metrics, request, reply);
    logRequest(request, reply);
    done();
  });

  return drain;
}
