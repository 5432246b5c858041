import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { registerApplicantPages } from './applicant-pages.ts';
import type { SimConfig } from './config.ts';
import { registerHomeRoutes } from './home-routes.ts';
import { captureSteps, messagePage } from './pages.ts';
import { registerProviderApi } from './provider-api.ts';
import { errorCode, isApi, notFoundPage, sendPage } from './replies.ts';
import { SessionService } from './sessions.ts';
import type { Clock } from './sessions.ts';
import { Store } from './store.ts';
import { BackgroundWorker } from './webhooks.ts';

// The eKYC provider simulator (DECISIONS.md §6): a separate program that talks to the API only
// over HTTP. Server-to-server API under /v1 (X-Api-Key; provider-api.ts), the applicant's pages under
// /s/<id> (applicant-pages.ts), its own home and files (home-routes.ts), signed webhooks from a
// persisted queue (webhooks.ts). This module builds the server: the store, the sessions and the
// worker, the headers every answer carries, the API key check and the error answers.

export const maxImageBytes = 10 * 1024 * 1024;

export interface BuildOptions {
  readonly config: SimConfig;
  /** Epoch milliseconds; tests inject one to move past the one-hour expiry. */
  readonly clock?: Clock;
  /** First webhook retry delay (doubles each attempt). Default 1000 ms; tests shorten it. */
  readonly webhookBackoffMs?: number;
  /** How often the background loop looks for due work. Default 500 ms. */
  readonly pollMs?: number;
}

export interface SimInternals {
  readonly config: SimConfig;
  readonly store: Store;
  readonly sessions: SessionService;
  readonly worker: BackgroundWorker;
}

declare module 'fastify' {
  interface FastifyInstance {
    sim: SimInternals;
  }
}

export function buildApp(options: BuildOptions): FastifyInstance {
  const { config } = options;
  const clock = options.clock ?? Date.now;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Session urls carry the browser's token: never log a query string.
            serializers: { req: (req: FastifyRequest) => ({ method: req.method, url: req.url.split('?')[0] }) },
          },
    bodyLimit: 64 * 1024,
    trustProxy: false,
  });

  const store = new Store(config.database);
  let worker: BackgroundWorker | null = null;
  const sessions = new SessionService({
    store,
    clock,
    decisionDelayMs: config.decisionDelayMs,
    onQueued: () => worker?.wake(),
  });
  worker = new BackgroundWorker({
    store,
    sessions: () => sessions,
    secret: config.webhookSecret,
    clock,
    log: app.log,
    backoffMs: options.webhookBackoffMs ?? 1000,
    pollMs: options.pollMs ?? 500,
  });
  const runningWorker = worker;
  app.decorate('sim', { config, store, sessions, worker: runningWorker });
  app.addHook('onReady', async () => runningWorker.start());
  app.addHook('onClose', async () => {
    await runningWorker.stop();
    store.close();
  });

  app.register(multipart, {
    limits: { fileSize: maxImageBytes, files: captureSteps.length, fields: 4, parts: 12, fieldSize: 1024, headerPairs: 200 },
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    if (config.isProduction && config.publicUrl.startsWith('https://')) {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    if (!reply.hasHeader('Cache-Control') && !request.url.startsWith('/assets/')) reply.header('Cache-Control', 'no-store');
    return payload;
  });

  const apiKeyDigest = digest(config.apiKey);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/')) return;
    const given = request.headers['x-api-key'];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), apiKeyDigest)) {
      return reply.code(401).send({ error: 'unauthorized', message: 'A valid X-Api-Key header is required.' });
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (isApi(request)) {
      return reply.code(status).send({ error: errorCode(status), message: status >= 500 ? 'Internal error.' : error.message });
    }
    return sendPage(reply, status, messagePage({ title: 'エラーが発生しました', message: 'しばらくしてから、もう一度お試しください。' }));
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApi(request)) return reply.code(404).send({ error: 'not_found', message: 'Not found.' });
    return sendPage(reply, 404, notFoundPage());
  });

  registerHomeRoutes(app);
  registerProviderApi(app);
  registerApplicantPages(app);

  return app;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
