import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig, repoRoot } from './config.ts';
import { backupDatabase, backupKey } from './db/backup.ts';
import { openDatabase } from './db/database.ts';
import type { DatabaseLocation } from './db/database.ts';
import { recordJobOutcome } from './db/repositories/operations-repository.ts';
import type { JobOutcome } from './db/repositories/operations-repository.ts';

// `npm run backup`: a consistent copy of DATABASE_URL while the service runs (docs/decisions/0212-backup-and-restore.md).
// SQLite: VACUUM INTO; PostgreSQL: pg_dump in custom format. Written to BACKUP_DIR (default
// var/backups), encrypted with BACKUP_ENCRYPTION_KEY (AES-256-GCM; required in production unless
// BACKUP_UNENCRYPTED=1 says the target is encrypted otherwise), the newest BACKUP_KEEP (default 14)
// backups of this database kind kept, older ones removed. Prints the file, its size and SHA-256.
// Exit 0 on success, 1 otherwise. The outcome is also written to the database's job_runs row
// `backup` (decision 0222), which every API instance exports as koza_job_last_success_timestamp_seconds
// and koza_job_last_failure_timestamp_seconds for the alerts (deploy/prometheus/).

/** Writes the outcome where every instance reads it; a database that cannot take it is reported, not fatal. */
async function recordOutcome(location: DatabaseLocation, outcome: JobOutcome, report: string | null): Promise<void> {
  try {
    const db = await openDatabase(location);
    try {
      await recordJobOutcome(db, 'backup', outcome, Date.now(), report);
    } finally {
      await db.close();
    }
  } catch (error) {
    console.error(`backup outcome not recorded in the database: ${error instanceof Error ? error.message : String(error)}`);
  }
}

let location: DatabaseLocation | undefined;
try {
  const config = loadConfig();
  location = config.database;
  const key = backupKey(process.env.BACKUP_ENCRYPTION_KEY);
  if (config.isProduction && !key && process.env.BACKUP_UNENCRYPTED !== '1') {
    throw new Error(
      'BACKUP_ENCRYPTION_KEY is required in production (the backup holds personal data); BACKUP_UNENCRYPTED=1 only for a target that encrypts at rest itself',
    );
  }
  const dir = process.env.BACKUP_DIR ?? join(repoRoot, 'var/backups');
  const keep = Number(process.env.BACKUP_KEEP ?? 14);
  if (!Number.isInteger(keep) || keep < 1) throw new Error('BACKUP_KEEP must be a whole number of at least 1');
  const result = await backupDatabase(config.database, dir, { key });
  console.log(`backup written: ${result.file}`);
  console.log(`  ${result.bytes} bytes, sha256 ${result.sha256}, ${result.encrypted ? 'encrypted (AES-256-GCM)' : 'NOT encrypted'}, ${result.ms} ms`);
  const kind = `koza-${config.database.dialect}-`;
  const ours = readdirSync(dir)
    .filter((name) => name.startsWith(kind))
    .sort()
    .reverse();
  for (const old of ours.slice(keep)) {
    rmSync(join(dir, old));
    console.log(`  removed (older than the newest ${keep}): ${old}`);
  }
  await recordOutcome(config.database, 'succeeded', JSON.stringify({ bytes: result.bytes, ms: result.ms, encrypted: result.encrypted }));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error);
  process.exitCode = 1;
  if (location) await recordOutcome(location, 'failed', null);
}
