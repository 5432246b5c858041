import { DatabaseSync } from 'node:sqlite';
import type { StatementSync, SQLInputValue } from 'node:sqlite';
import { CompiledQuery, SqliteAdapter, SqliteDialect } from 'kysely';
import type { DatabaseConnection, DialectAdapter, Driver, SqliteDatabase, SqliteDriver, SqliteStatement } from 'kysely';

// Kysely's SqliteDialect expects a better-sqlite3-like object. Node 24 ships SQLite itself
// (node:sqlite), so this adapter is all we need for an embedded database without a native addon.

const statementCacheSize = 200;

export interface NodeSqliteOptions {
  /** Absolute file path, or ':memory:'. */
  path: string;
  /** Milliseconds a writer waits for another writer (other process) before SQLITE_BUSY. */
  busyTimeoutMs?: number;
}

export function openNodeSqlite(options: NodeSqliteOptions): SqliteDatabase & { raw: DatabaseSync } {
  const raw = new DatabaseSync(options.path, { timeout: options.busyTimeoutMs ?? 5000 });
  // WAL lets readers run while one writer writes; foreign keys are off by default in SQLite.
  if (options.path !== ':memory:') raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA foreign_keys = ON');
  raw.exec(`PRAGMA busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`);
  raw.exec('PRAGMA synchronous = NORMAL');
  // Deleted and overwritten content is zeroed in its page, so that erased personal data does not stay
  // readable in free space (issue 42; the retention job then truncates the WAL: decision 0239).
  raw.exec('PRAGMA secure_delete = ON');

  // Kysely prepares every query; the cache keeps the hot statements compiled, each with the
  // better-sqlite3-like wrapper Kysely uses and whether it returns rows (stmt.columns() walks the
  // result columns: asked once per statement, not once per execution).
  const cache = new Map<string, SqliteStatement>();
  const prepare = (sql: string): SqliteStatement => {
    let stmt = cache.get(sql);
    if (stmt) {
      cache.delete(sql);
      cache.set(sql, stmt);
      return stmt;
    }
    stmt = wrap(raw.prepare(sql));
    cache.set(sql, stmt);
    if (cache.size > statementCacheSize) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    return stmt;
  };

  return {
    raw,
    close() {
      cache.clear();
      if (raw.isOpen) raw.close();
    },
    prepare,
  };
}

function wrap(stmt: StatementSync): SqliteStatement {
  return {
    // better-sqlite3's `reader`: the statement returns rows (SELECT, or anything with RETURNING).
    reader: stmt.columns().length > 0,
    all: (parameters) => stmt.all(...bind(parameters)),
    run: (parameters) => {
      const r = stmt.run(...bind(parameters));
      return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
    },
    iterate: (parameters) => stmt.iterate(...bind(parameters)) as IterableIterator<unknown>,
  };
}

function bind(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((p) => {
    if (typeof p === 'boolean') return p ? 1 : 0;
    if (p === undefined) return null;
    if (p instanceof Date) throw new TypeError('Dates are stored as epoch milliseconds: pass date.getTime()');
    return p as SQLInputValue;
  });
}

/**
 * SQLite as Kysely needs it here:
 * - transactions start with BEGIN IMMEDIATE, so a writer takes the write lock at once and waits
 *   (busy_timeout) for another process instead of failing later with SQLITE_BUSY on upgrade;
 * - DDL runs in a transaction (SQLite supports transactional DDL; Kysely's default adapter does not
 *   assume it), so the Migrator runs every pending migration in one immediate transaction: a second
 *   process starting at the same time waits for the first and then sees the migrations done.
 */
export class NodeSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver() as SqliteDriver;
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}
