import { randomUUID } from 'node:crypto';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import type { Db } from './db/database.ts';
import { systemClock } from './adapters/clock.ts';
import type { Clock } from './adapters/clock.ts';
import { codeForStatus, messageForStatus } from './http/errors.ts';
import { installBank } from './plugins/bank.ts';
import { installErrorHandling } from './plugins/errors.ts';
import { installRequestLog, loggerOptions } from './plugins/logging.ts';
import type { LoggerOption } from './plugins/logging.ts';
import { installSecurityHeaders } from './plugins/security-headers.ts';
import { installSpa } from './plugins/spa.ts';
import { createRouteGuards } from './routes/route-guards.ts';
import type { RouteGuards } from './routes/route-guards.ts';
import { healthRoutes } from './routes/health/health-routes.ts';
import { addressesRoutes } from './routes/addresses/addresses-routes.ts';

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database. Without it the app opens config.database and closes it on app.close(). */
  db?: Db;
  clock?: Clock;
  /** Default: stdout at config.logLevel. `false` silences; `{ stream }` captures (tests). */
  logger?: LoggerOption;
}

/** What every route plugin receives: the outside world, passed in (no module-level singletons). */
export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  guards: RouteGuards;
}

/** JSON bodies are small forms; uploads (multipart) get their own limit where they are accepted. */
export const jsonBodyLimitBytes = 64 * 1024;

export type App = FastifyInstance & { readonly deps: AppDeps };

/**
 * Builds the HTTP server: plugins, then routes. Does not listen (server.ts does), does not migrate
 * or load reference data (server.ts and the test helpers do, before building).
 */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config } = options;
  const ownsDb = options.db === undefined;
  const db = options.db ?? (await openDatabase(config.database));
  const deps: AppDeps = { config, db, clock: options.clock ?? systemClock, guards: createRouteGuards() };

  const app = Fastify({
    logger: loggerOptions(options.logger, config.logLevel),
    // Fastify's own request lines carry the URL with its query: plugins/logging.ts writes ours instead.
    logController: new LogController({ disableRequestLogging: true }),
    // A URL the router cannot decode never reaches the error handler: answer it here, same shape.
    frameworkErrors: (error, _request, rawReply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
      void (rawReply as unknown as FastifyReply)
        .code(status)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
        .send({ code: codeForStatus(status), message: messageForStatus(status) });
    },
    genReqId: () => randomUUID(),
    requestIdHeader: false, // never trust (or log) a client-chosen id
    bodyLimit: jsonBodyLimitBytes,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  if (ownsDb) app.addHook('onClose', async () => db.close());

  installRequestLog(app);
  await installSecurityHeaders(app, { isProduction: config.isProduction });
  installBank(app, config);
  const spaFallback = await installSpa(app, { webDistDir: config.webDistDir, defaultBankCode: config.defaultBankCode });
  installErrorHandling(app, { spaFallback });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  await typed.register(healthRoutes, { db });
  await typed.register(addressesRoutes, { db, guards: deps.guards });
  // Later issues register their route plugins here, each with what it needs from `deps`.

  return app as unknown as App;
}
