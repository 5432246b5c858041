import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Db } from './db/database.ts';
import { isReferenceDataCurrent, loadReferenceData } from './services/reference-data.ts';

// Loading the reference data (124k postal rows on a fresh database) grows the JavaScript heap by
// ~150 MiB that V8 and the allocator keep for the life of the process (a worker thread does not give
// it back either). So when something must be loaded, the server runs main-migrate.ts (the same
// migrations + reference data, idempotent) as a child process with the same environment and waits
// for it; the API process starts at its resting size (docs/decisions/0125-reference-data-out-of-process.md).
// A normal restart finds every version current and spawns nothing. An in-memory database cannot be
// shared with another process: it is loaded here.

const mainMigrate = fileURLToPath(new URL('./main-migrate.ts', import.meta.url));

export async function ensureReferenceData(db: Db, inMemory: boolean): Promise<'unchanged' | 'loaded'> {
  if (await isReferenceDataCurrent(db)) return 'unchanged';
  if (inMemory) {
    await loadReferenceData(db);
    return 'loaded';
  }
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [mainMigrate], { env: process.env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`reference data loading failed (${signal ?? `exit code ${code}`})`))));
  });
  return 'loaded';
}
