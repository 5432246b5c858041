import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { prepareReferenceData, referenceDataCurrent } from './services/platform/reference-data.ts';
import { pinKeyPair } from './services/platform/pin-key.ts';
import { gracefulShutdown } from './http/graceful-shutdown.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { startRetentionJob } from './services/platform/retention.ts';
import { startHandoverExporter } from './services/platform/handover-export.ts';
import { systemClock } from './adapters/clock.ts';
import { startupLog } from './plugins/logging.ts';

// Start-up (the entry is server.ts): configuration → database → migrations → reference data → PIN key → listen.
// SIGTERM/SIGINT: readiness 503, stop accepting, answer what was received (Connection: close), close (http/graceful-shutdown.ts).

/** Runs a script of this app in a child Node process (same environment, same output); rejects unless it succeeds. */
function runToEnd(script: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${script} stopped (${signal ?? code})`))));
  });
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// Migrations and reference data may wait on another starting instance's lock far longer than a
// request may wait: they run on their own connection without the request timeouts (decision 0101).
const setupDb = await openDatabase(config.database, { requestTimeouts: false, poolMax: 2 });
try {
  const migrated = await migrateToLatest(setupDb);
  startupLog(migrated.length ? `database (${setupDb.dialect}): migrated ${migrated.join(', ')}` : `database (${setupDb.dialect}): schema up to date`);

  // Most starts find the reference data as it was. Otherwise it is loaded by a process of its own
  // (main-reference-data.ts), whose memory goes back to the system when it ends; an in-memory SQLite
  // database is only visible to this connection, so it is loaded here.
  if (config.database.dialect === 'sqlite' && config.database.path === ':memory:') await prepareReferenceData(setupDb, startupLog);
  else if (await referenceDataCurrent(setupDb)) startupLog('reference data: unchanged');
  else await runToEnd(fileURLToPath(new URL('./main-reference-data.ts', import.meta.url)));
} finally {
  if (setupDb.dialect === 'postgres') await setupDb.close(); // SQLite: the same file, closing is harmless but pointless
}
const db = setupDb.dialect === 'postgres' ? await openDatabase(config.database) : setupDb;
await pinKeyPair(db, config);

const app = await buildApp({ config, db });
// Before listen: the shutdown tracks every connection from the first one.
const drainAndClose = gracefulShutdown(app, app.drain, {
  graceMs: config.http.shutdownGraceMs,
  idleCloseMs: config.http.shutdownIdleCloseMs,
  readyDelayMs: config.http.shutdownReadyDelayMs,
  log: app.log,
  answerHeaders: securityHeaders(config.isProduction),
});
await app.listen({ port: config.port, host: config.host });
// Personal data kept no longer than needed (services/platform/retention.ts); one instance at a time runs it.
const retention = startRetentionJob(db, systemClock, config.retention, app.log);
// The hand-over's files from the outbox (services/platform/handover-export.ts): at start, then every
// HANDOVER_EXPORT_INTERVAL_MS; one instance at a time writes.
const handoverExporter = startHandoverExporter(app.handoverExport, config.handoverExport.intervalMs, app.log);
// Prometheus metrics on their own port, not the public one (decision 0103); closed with the app.
if (config.metrics) {
  const metricsPort = await app.metrics.serve(config.metrics.host, config.metrics.port);
  app.log.info({ host: config.metrics.host, port: metricsPort }, 'metrics listening');
}

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Last resort only: the grace period (at most 9 s) cuts what is left before this.
  const force = setTimeout(() => process.exit(1), 9_800 + config.http.shutdownReadyDelayMs);
  force.unref();
  try {
    await drainAndClose();
    await retention.stop();
    await handoverExporter.stop();
    await db.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
