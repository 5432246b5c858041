import { chmodSync, createWriteStream, existsSync, mkdirSync, openSync, closeSync, statSync } from 'node:fs';
import type { WriteStream } from 'node:fs';

// Files of personal data are the service's user's alone (issue 32, finding 7; APPI art. 23, security
// control measures): the database and its WAL, backups and every temporary file on the way, the
// hand-over files. Each is created 0600 in a folder that is 0700, whatever the process's umask; a
// folder or database file left wider by an older version is narrowed when the service opens it.

const groupOrOther = 0o077;

/**
 * Creates `dir` (and missing parents) 0700. A folder of the service's own (backups, hand-over files)
 * that exists wider is narrowed; the database's folder, which may be shared, is only created so.
 */
export function ensurePrivateDir(dir: string, options: { narrowExisting: boolean } = { narrowExisting: true }): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (options.narrowExisting) narrow(dir, 0o700);
}

/** Narrows an existing file or folder to `mode` when group or others have any right on it. */
export function narrow(path: string, mode: number): void {
  if ((statSync(path).mode & groupOrOther) !== 0) chmodSync(path, mode);
}

/** A new file (it must not exist), 0600, for writing. */
export function privateFileStream(path: string): WriteStream {
  return createWriteStream(path, { flags: 'wx', mode: 0o600 });
}

/**
 * Creates the SQLite database file empty and 0600 when missing (SQLite gives its -wal and -shm the
 * database file's mode); narrows the three when an older version left them wider.
 */
export function ensurePrivateSqliteFile(path: string): void {
  closeSync(openSync(path, 'a', 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) narrow(file, 0o600);
}
