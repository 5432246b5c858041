import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { repoRoot } from './config.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import type { Db } from './db/database.ts';
import { systemClock } from './adapters/clock.ts';
import type { Clock } from './adapters/clock.ts';
import { codeForStatus, messageForStatus } from './http/errors.ts';
import { installCompression } from './plugins/compression.ts';
import { installErrorHandling } from './plugins/errors.ts';
import { loggerOptions } from './plugins/logging.ts';
import type { LoggerOption } from './plugins/logging.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { installRequestHooks } from './plugins/request-hooks.ts';
import { createLimitedServer } from './http/connection-limits.ts';
import type { DrainState } from './http/graceful-shutdown.ts';
import { installSpa } from './plugins/spa.ts';
import { createRouteGuards, installAuthContext } from './routes/route-guards.ts';
import type { RouteGuards } from './routes/route-guards.ts';
import { healthRoutes } from './routes/health/health-routes.ts';
import { checkReadiness } from './services/platform/readiness.ts';
import { addressesRoutes } from './routes/addresses/addresses-routes.ts';
import { createMailSender } from './adapters/mail.ts';
import type { MailSender } from './adapters/mail.ts';
import { maintenanceRoutes } from './routes/maintenance/maintenance-routes.ts';
import { notificationsRoutes } from './routes/notifications/notifications-routes.ts';
import { verificationRoutes } from './routes/verification/verification-routes.ts';
import { applicationStatusRoutes } from './routes/application-status/application-status-routes.ts';
import { pageViewsRoutes } from './routes/page-views/page-views-routes.ts';
import { applicationsGetRoutes } from './routes/applications/applications-get-routes.ts';
import { devRoutes } from './routes/dev/dev-routes.ts';
import { linderaAnalyser } from './adapters/furigana-lindera.ts';
import type { FuriganaAnalyser } from './adapters/furigana.ts';
import { occupationsRoutes } from './routes/occupations/occupations-routes.ts';
import { furiganaRoutes } from './routes/furigana/furigana-routes.ts';
import { workplaceRoutes } from './routes/workplace/workplace-routes.ts';
import { invitationRoutes } from './routes/invitation/invitation-routes.ts';
import { branchRoutes } from './routes/branch/branch-routes.ts';
import { applicationSavesRoutes } from './routes/application-saves/application-saves-routes.ts';
import { pinRoutes } from './routes/pin/pin-routes.ts';
import { httpEkycProvider } from './adapters/ekyc-provider.ts';
import type { EkycProvider } from './adapters/ekyc-provider.ts';
import { ekycRoutes } from './routes/ekyc/ekyc-routes.ts';
import { ekycWebhookRoutes } from './routes/ekyc-webhook/ekyc-webhook-routes.ts';
import { documentsRoutes } from './routes/documents/documents-routes.ts';
import { completionRoutes } from './routes/completion/completion-routes.ts';
import { countingEkycProvider, countingHandover, countingMailSender, createMetrics, installMetrics } from './plugins/metrics.ts';
import type { AppMetrics } from './plugins/metrics.ts';
import { requestIdGenerator } from './plugins/request-id.ts';
import { fileHandover } from './adapters/handover.ts';
import type { AccountSystemHandover } from './adapters/handover.ts';
import { handoverEntry, type HandoverEntry, type HandoverRecord } from './adapters/handover-format.ts';
import type { HandoverExportDeps } from './services/platform/handover-export.ts';
import { adminRoutes } from './routes/admin/admin-routes.ts';
import { createStaffOidc } from './services/staff/staff-oidc.ts';
import { installAdminStatic } from './plugins/admin-static.ts';

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database. Without it the app opens config.database and closes it on app.close(). */
  db?: Db;
  clock?: Clock;
  /** Default: stdout at config.logLevel. `false` silences; `{ stream }` captures (tests). */
  logger?: LoggerOption;
  /** Default: SMTP when config.smtpUrl is set, otherwise the embedded outbox (adapters/mail.ts). */
  mail?: MailSender;
  /** Kanji → kana for GET /api/furigana. Default: the process-wide Lindera analyser (loaded on first use). */
  furigana?: FuriganaAnalyser;
  /** The eKYC provider. Default: HTTP to config.ekyc.providerUrl with the API key (adapters/ekyc-provider.ts). */
  ekycProvider?: EkycProvider;
  /**
   * Where the exporter hands approvals over to the bank's account system (decision 0249). Default:
   * daily files under config.handoverDir.
   */
  handover?: AccountSystemHandover;
  /** How an approval formats its hand-over for the outbox. Default: this release's formats (tests pass another release's). */
  formatHandover?: (record: HandoverRecord) => HandoverEntry;
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

export type App = FastifyInstance & {
  readonly deps: AppDeps;
  readonly drain: DrainState;
  readonly metrics: AppMetrics;
  /** What the hand-over exporter of this instance works with: server.ts starts it; tests run it once (exportHandovers). */
  readonly handoverExport: HandoverExportDeps;
};

/**
 * Builds the HTTP server: plugins, then routes. Does not listen (server.ts does), does not migrate
 * or load reference data (server.ts and the test helpers do, before building).
 */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config } = options;
  const ownsDb = options.db === undefined;
  const db = options.db ?? (await openDatabase(config.database));
  const clock = options.clock ?? systemClock;
  const deps: AppDeps = { config, db, clock, guards: createRouteGuards({ db, clock, codeHashKey: config.codeHashKey }) };
  // Prometheus metrics of this app (decision 0103); server.ts serves them on their own port.
  // The data directory: the SQLite file's; for PostgreSQL (its data on its own server) the local var/.
  const dataDir = config.database.dialect === 'sqlite' && config.database.path !== ':memory:' ? dirname(config.database.path) : join(repoRoot, 'var');
  const metrics = createMetrics(db, { data: dataDir, handover: config.handoverDir });
  const mail = countingMailSender(options.mail ?? createMailSender(config, db, clock), metrics);

  // The same security headers on answers written before any hook runs (issue 12).
  const rawHeaders = securityHeaders(config.isProduction);
  const app = Fastify({
    // Timeouts, connection caps and 408/431/400 for client errors (http/connection-limits.ts).
    serverFactory: (handler) => createLimitedServer(handler, config.http, rawHeaders),
    logger: loggerOptions(options.logger, config.logLevel),
    // Fastify's own request lines carry the URL with its query: plugins/logging.ts writes ours instead.
    logController: new LogController({ disableRequestLogging: true }),
    // A URL the router cannot decode never reaches the error handler: answer it here, same shape.
    frameworkErrors: (error, _request, rawReply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
      void (rawReply as unknown as FastifyReply)
        .code(status)
        .headers(rawHeaders)
        .header('cache-control', 'no-store')
        .send({ code: codeForStatus(status), message: messageForStatus(status) });
    },
    // An X-Request-Id from a trusted proxy (TRUST_PROXY) is kept so one id follows a request through
    // the load balancer; anything else gets a fresh UUID (decision 0102).
    genReqId: requestIdGenerator(config.trustProxy, randomUUID),
    requestIdHeader: false, // never trust (or log) a client-chosen id: genReqId decides
    // request.ip (per-IP sending limits) from X-Forwarded-For only through configured proxies.
    // A hop count is documented by Fastify (proxy-addr) but missing from its types.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: jsonBodyLimitBytes,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('metrics', metrics);
  if (ownsDb) app.addHook('onClose', async () => db.close());
  if (options.mail === undefined) app.addHook('onClose', async () => mail.close?.());

  installMetrics(app, metrics);
  // Security headers, X-Request-Id, the drain state (while shutting down: answers with
  // Connection: close; server.ts drains), request.bank, no-store, metrics and the request log line:
  // one hook per phase (plugins/request-hooks.ts).
  const drain = installRequestHooks(app, { isProduction: config.isProduction, bank: config, metrics });
  app.decorate('drain', drain);
  metrics.watchReadiness(async () => !drain.notReady && (await checkReadiness(db)).ready);
  await installCompression(app);
  installAuthContext(app);
  const spaFallback = await installSpa(app, { webDistDir: config.webDistDir, defaultBankCode: config.defaultBankCode, db, clock });
  installErrorHandling(app, { spaFallback });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  await typed.register(healthRoutes, { db, drain });
  await typed.register(addressesRoutes, { db, guards: deps.guards });
  // Entry: maintenance, notices, mail verification and the session, the saved application, page views.
  await typed.register(maintenanceRoutes, { db, clock });
  await typed.register(notificationsRoutes, { db, clock });
  await typed.register(verificationRoutes, { db, clock, mail, codeHashKey: config.codeHashKey });
  await typed.register(applicationStatusRoutes, { db, clock, mail, codeHashKey: config.codeHashKey });
  await typed.register(applicationsGetRoutes, { db, guards: deps.guards });
  await typed.register(pageViewsRoutes, { db, clock });
  // Development only: not registered at all in production (DECISIONS.md §4), so those paths are 404 there.
  if (!config.isProduction) await typed.register(devRoutes, { db, clock });
  // The general application steps 1–6 (occupations, furigana, codes, branch, saves, PIN).
  await typed.register(occupationsRoutes, { db, guards: deps.guards });
  await typed.register(furiganaRoutes, { analyser: options.furigana ?? linderaAnalyser, guards: deps.guards });
  await typed.register(workplaceRoutes, { db, guards: deps.guards });
  await typed.register(invitationRoutes, { db, clock: deps.clock, guards: deps.guards });
  await typed.register(branchRoutes, { db, guards: deps.guards });
  await typed.register(applicationSavesRoutes, { db, clock: deps.clock, config, guards: deps.guards });
  await typed.register(pinRoutes, { db, clock: deps.clock, config, guards: deps.guards });
  // Step 7 to the receipt: eKYC (and the provider's webhook, outside the bearer guard), documents, completion.
  const ekycProvider = countingEkycProvider(
    options.ekycProvider ?? httpEkycProvider({ baseUrl: config.ekyc.providerUrl, apiKey: config.ekyc.apiKey }),
    metrics,
  );
  await typed.register(ekycRoutes, { db, clock, config, provider: ekycProvider, guards: deps.guards, isProduction: config.isProduction });
  await typed.register(ekycWebhookRoutes, { db, clock, config });
  await typed.register(documentsRoutes, { db, clock, guards: deps.guards, jpkiCutover: config.ekyc.jpkiCutover });
  await typed.register(completionRoutes, { db, clock, codeHashKey: config.codeHashKey, mail });
  // The back office (issue 14): /api/admin (one staff-session hook, a permission per route), /admin its build.
  await typed.register(adminRoutes, {
    prefix: '/api/admin',
    db,
    clock,
    mail,
    formatHandover: options.formatHandover ?? ((record: HandoverRecord) => handoverEntry(record)),
    codeHashKey: config.codeHashKey,
    dataKey: config.pinDataKey,
    accountSystemPublicKeyPem: config.accountSystemPublicKeyPem,
    passwordLogN: config.staffPasswordLogN,
    isProduction: config.isProduction,
    metrics,
    ekycProvider,
    ekycProviderName: new URL(config.ekyc.providerUrl).host,
    ordinanceAmendedFrom: config.ekyc.jpkiCutover,
    reviewTargetBusinessDays: config.reviewTargetBusinessDays,
    staffOidc: createStaffOidc(config),
  });
  installAdminStatic(app, { adminDistDir: config.adminDistDir });
  // Later issues register their route plugins here, each with what it needs from `deps`.

  const handoverExport: HandoverExportDeps = {
    db,
    clock,
    handover: countingHandover(options.handover ?? fileHandover(config.handoverDir), metrics),
    exporterId: config.handoverExport.exporterId,
  };
  app.decorate('handoverExport', handoverExport);

  return app as unknown as App;
}
