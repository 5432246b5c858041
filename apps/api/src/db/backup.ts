import { spawn } from 'node:child_process';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdtempSync, openSync, readSync, closeSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import type { DatabaseLocation } from './database.ts';
import { ensurePrivateDir, privateFileStream } from './private-files.ts';

// Backups and restores of the whole database (issue 27, docs/decisions/0212-backup-and-restore.md).
// SQLite: `VACUUM INTO` a new file — one read transaction, so the copy is consistent while the API
// keeps writing (WAL mode: writers are not blocked). PostgreSQL: `pg_dump --format=custom` (a consistent
// snapshot; the instances keep running). Optionally encrypted (AES-256-GCM) with a key that is not in
// the backup. A restore refuses a database that holds any table unless forced.
//
// No clear copy on disk beside an encrypted backup (issue 32, finding 7): the database's bytes stream
// from the database (SQLite: its serialized image, read in one read transaction; PostgreSQL: pg_dump's
// standard output) through the cipher into the backup file. Every file on the way is created 0600 in a
// directory that is 0700 (db/private-files.ts).

/** A backup file's first bytes when it is encrypted; then a 12-byte IV, the ciphertext, a 16-byte tag. */
const encryptedMagic = Buffer.from('KOZA-BACKUP-AES256GCM-1\n');

export interface BackupResult {
  file: string;
  bytes: number;
  sha256: string;
  encrypted: boolean;
  ms: number;
}

export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

/** BACKUP_ENCRYPTION_KEY: 32 bytes in base64 (openssl rand -base64 32); undefined when unset. */
export function backupKey(text: string | undefined): Buffer | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new Error('BACKUP_ENCRYPTION_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
  return key;
}

/** A PostgreSQL client tool: PG_BIN, else the versioned Debian binaries (newest), else PATH. */
export function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  if (process.env.PG_BIN) return join(process.env.PG_BIN, name);
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const majors = readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', name)));
    const newest = majors.sort((a, b) => Number(b) - Number(a))[0];
    if (newest) return join(base, newest, 'bin', name);
  }
  return name;
}

function toolError(command: string, code: number | null, stderr: string): Error {
  return new Error(`${command} exited with ${code}: ${stderr.trim().slice(0, 2000)}`);
}

function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(toolError(command, code, stderr))));
  });
}

/** The database's consistent copy as a stream: SQLite's image read in one read transaction, or pg_dump's output. */
function databaseStream(location: DatabaseLocation): { stream: Readable; done: Promise<void> } {
  if (location.dialect === 'sqlite') {
    if (location.path === ':memory:') throw new Error('an in-memory SQLite database has nothing to back up');
    const db = new DatabaseSync(location.path, { timeout: 30_000 });
    try {
      // sqlite3_serialize of a file database reads every page in one statement, i.e. one read
      // transaction: a consistent snapshot while the API keeps writing (WAL mode). It is held in
      // memory, never written to disk in clear; the embedded database is the one-machine default.
      const image = (db as DatabaseSync & { serialize(): Uint8Array }).serialize();
      return { stream: Readable.from([Buffer.from(image.buffer, image.byteOffset, image.byteLength)]), done: Promise.resolve() };
    } finally {
      db.close();
    }
  }
  const command = postgresTool('pg_dump');
  const child = spawn(command, ['--format=custom', '--no-owner', '--no-privileges', '--dbname', location.url], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(toolError(command, code, stderr))));
  });
  return { stream: child.stdout, done };
}

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Writes `source` to the new private file `target`, encrypted (AES-256-GCM: magic, IV, ciphertext, tag) when a key is given. */
async function writeBackupFile(source: Readable, target: string, key: Buffer | undefined): Promise<void> {
  const out = privateFileStream(target);
  if (!key) {
    await pipeline(source, out);
    return;
  }
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  out.write(encryptedMagic);
  out.write(iv);
  await pipeline(source, cipher as Transform, out, { end: false });
  await new Promise<void>((resolve, reject) => out.end(cipher.getAuthTag(), (error?: Error | null) => (error ? reject(error) : resolve())));
}

function isEncrypted(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(encryptedMagic.length);
    readSync(fd, head, 0, head.length, 0);
    return head.equals(encryptedMagic);
  } finally {
    closeSync(fd);
  }
}

async function decryptFile(file: string, target: string, key: Buffer): Promise<void> {
  const size = statSync(file).size;
  const fd = openSync(file, 'r');
  const iv = Buffer.alloc(12);
  const tag = Buffer.alloc(16);
  try {
    readSync(fd, iv, 0, 12, encryptedMagic.length);
    readSync(fd, tag, 0, 16, size - 16);
  } finally {
    closeSync(fd);
  }
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  const start = encryptedMagic.length + 12;
  try {
    await pipeline(createReadStream(file, { start, end: size - 17 }), decipher, privateFileStream(target));
  } catch (error) {
    rmSync(target, { force: true });
    throw new Error(`the backup could not be decrypted (wrong key, or the file was changed): ${(error as Error).message}`, { cause: error });
  }
}

/** Writes a backup of `location` into `dir`; returns what was written. */
export async function backupDatabase(location: DatabaseLocation, dir: string, options: { key?: Buffer | undefined; now?: Date } = {}): Promise<BackupResult> {
  const t0 = Date.now();
  ensurePrivateDir(dir);
  const name = `koza-${location.dialect}-${stamp(options.now ?? new Date())}.${location.dialect === 'sqlite' ? 'sqlite' : 'pgdump'}${options.key ? '.enc' : ''}`;
  const file = join(dir, name);
  const { stream, done } = databaseStream(location);
  try {
    await Promise.all([writeBackupFile(stream, file, options.key), done]);
  } catch (error) {
    stream.destroy();
    rmSync(file, { force: true });
    throw error;
  }
  return { file, bytes: statSync(file).size, sha256: await sha256Of(file), encrypted: options.key !== undefined, ms: Date.now() - t0 };
}

async function postgresTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>("select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')");
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

function sqliteTables(path: string): number {
  if (!existsSync(path) || statSync(path).size === 0) return 0;
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const row = db.prepare("select count(*) as n from sqlite_master where type = 'table' and name not like 'sqlite_%'").get() as { n: number };
    return Number(row.n);
  } finally {
    db.close();
  }
}

/**
 * Restores `file` into `location`. Refuses (RestoreRefused) a database that holds any table unless
 * `force`: then SQLite's file is replaced, PostgreSQL's objects are dropped and recreated, in one
 * transaction. The API instances must be stopped meanwhile.
 */
export async function restoreDatabase(
  location: DatabaseLocation,
  file: string,
  options: { force?: boolean; key?: Buffer | undefined },
): Promise<{ ms: number; tables: number }> {
  const t0 = Date.now();
  if (!existsSync(file)) throw new Error(`no such file: ${file}`);
  const key = isEncrypted(file) ? options.key : null;
  if (key === undefined) throw new RestoreRefused('the backup is encrypted: set BACKUP_ENCRYPTION_KEY to the key it was made with');
  // The clear bytes go once to where they are needed, in a new 0600 file: SQLite's next database file
  // beside the live one, or (encrypted PostgreSQL dumps) a private temporary folder removed after.
  const clearCopy = (target: string) => (key ? decryptFile(file, target, key) : pipeline(createReadStream(file), privateFileStream(target)));
  if (location.dialect === 'sqlite') {
    if (location.path === ':memory:') throw new Error('cannot restore into an in-memory SQLite database');
    const existing = sqliteTables(location.path);
    if (existing > 0 && !options.force) throw new RestoreRefused(`${location.path} is not empty (${existing} tables): add --force to replace it`);
    const tmp = `${location.path}.restore-${process.pid}`;
    await clearCopy(tmp);
    const check = new DatabaseSync(tmp, { readOnly: true });
    try {
      const result = check.prepare('pragma integrity_check').get() as Record<string, unknown>;
      if (Object.values(result)[0] !== 'ok') throw new Error(`the backup is not a sound SQLite database: ${JSON.stringify(result)}`);
    } catch (error) {
      rmSync(tmp, { force: true });
      throw error;
    } finally {
      check.close();
    }
    for (const suffix of ['-wal', '-shm']) rmSync(`${location.path}${suffix}`, { force: true });
    renameSync(tmp, location.path);
    return { ms: Date.now() - t0, tables: sqliteTables(location.path) };
  }
  const existing = await postgresTables(location.url);
  if (existing > 0 && !options.force) throw new RestoreRefused(`the database is not empty (${existing} tables): add --force to replace its contents`);
  const privateDir = key ? mkdtempSync(join(tmpdir(), 'koza-restore-')) : null;
  try {
    const source = privateDir ? join(privateDir, 'backup.pgdump') : file;
    if (privateDir) await clearCopy(source);
    await runTool(postgresTool('pg_restore'), [
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      ...(existing > 0 ? ['--clean', '--if-exists'] : []),
      '--dbname',
      location.url,
      source,
    ]);
    return { ms: Date.now() - t0, tables: await postgresTables(location.url) };
  } finally {
    if (privateDir) rmSync(privateDir, { recursive: true, force: true });
  }
}
