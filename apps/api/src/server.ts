import { ensurePostalTable } from '@koza/data/postal';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { loadReferenceData } from './services/reference-data.ts';
import { pinKeyPair } from './services/pin-key.ts';
import { startupLog } from './plugins/logging.ts';

// Start-up: configuration → database → migrations → reference data → PIN key → listen.
// SIGTERM/SIGINT: stop accepting, finish what is in flight (Fastify answers 503 meanwhile), close.

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

  await ensurePostalTable((line) => startupLog(`postal table: ${line}`));
  for (const r of await loadReferenceData(setupDb)) {
    startupLog(`reference data ${r.name}: ${r.status === 'loaded' ? `loaded ${r.rows} rows in ${Math.round(r.ms)} ms` : 'unchanged'}`);
  }
} finally {
  if (setupDb.dialect === 'postgres') await setupDb.close(); // SQLite: the same file, closing is harmless but pointless
}
const db = setupDb.dialect === 'postgres' ? await openDatabase(config.database) : setupDb;
await pinKeyPair(db, config);

const app = await buildApp({ config, db });
await app.listen({ port: config.port, host: config.host });
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
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    await db.close();
    process.exit(0);
  } catch {
    process.exit(1);
  }
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
