import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { RestoreRefused, backupKey, restoreDatabase } from './db/backup.ts';

// `npm run restore -- FILE [--force]`: a backup of `npm run backup` into DATABASE_URL
// (docs/decisions/0212-backup-and-restore.md). Refuses a database that holds any table unless
// --force. Stop the API instances first; start them afterwards (their /api/ready checks the schema).
// An encrypted backup needs BACKUP_ENCRYPTION_KEY. Exit 0 restored; 2 refused; 1 failed.

const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((a) => a !== '--force');
try {
  if (files.length !== 1) throw new Error('usage: npm run restore -- FILE [--force]');
  const config = loadConfig();
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), files[0]!);
  const result = await restoreDatabase(config.database, file, { force, key: backupKey(process.env.BACKUP_ENCRYPTION_KEY) });
  console.log(`restored ${file} into the ${config.database.dialect} database: ${result.tables} tables, ${result.ms} ms`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error);
  process.exitCode = error instanceof RestoreRefused ? 2 : 1;
}
