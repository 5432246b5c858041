import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { startupLog } from './plugins/logging.ts';
import { prepareReferenceData } from './services/platform/reference-data.ts';

// `node src/main-reference-data.ts`: the postal table made sure of and the reference data loaded,
// in a process of its own. A starting server runs it when something changed (boot.ts): loading the
// 124,000-row table leaves 100–200 MiB of garbage and a grown young generation behind, which a
// process hands back to the system when it ends and a thread does not
// (docs/decisions/0181-reference-data-loaded-apart.md). Same environment as the server.

try {
  const config = loadConfig();
  const db = await openDatabase(config.database, { requestTimeouts: false, poolMax: 1 });
  try {
    await prepareReferenceData(db, startupLog);
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
