import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { prepareReferenceData } from './services/platform/reference-data.ts';

// `node src/main-migrate.ts [--no-reference-data]`: migrations (and reference data) without
// starting the server, e.g. as a release step before rolling out new instances.

try {
  const config = loadConfig();
  const db = await openDatabase(config.database, { requestTimeouts: false });
  try {
    const ran = await migrateToLatest(db);
    console.log(ran.length ? `migrated: ${ran.join(', ')}` : 'schema up to date');
    if (!process.argv.includes('--no-reference-data')) await prepareReferenceData(db, (line) => console.log(line));
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
