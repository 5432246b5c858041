import { ensurePostalTable } from '@koza/data/postal';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { loadReferenceData } from './services/reference-data.ts';
import { pinKeyPair } from './services/pin-key.ts';

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

const db = await openDatabase(config.database, { poolMax: config.databasePoolMax });
const migrated = await migrateToLatest(db);
console.log(migrated.length ? `database (${db.dialect}): migrated ${migrated.join(', ')}` : `database (${db.dialect}): schema up to date`);

await ensurePostalTable();
for (const r of await loadReferenceData(db)) {
  console.log(`reference data ${r.name}: ${r.status === 'loaded' ? `loaded ${r.rows} rows in ${Math.round(r.ms)} ms` : 'unchanged'}`);
}
await pinKeyPair(db, config);

const app = await buildApp({ config, db });
await app.listen({ port: config.port, host: config.host });

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
