import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { ensurePrivateDir, ensurePrivateSqliteFile } from './private-files.ts';
import type { Database } from './schema.ts';
import { NodeSqliteDialect, openNodeSqlite } from './node-sqlite.ts';
import { SessionWritesPlugin, postgresSessionChanges, sqliteSessionChanges } from './session-changes.ts';
import type { SessionChanges } from './session-changes.ts';
import { groupSync, walFileSync } from './wal-sync.ts';

export type DialectName = 'sqlite' | 'postgres';

/** An open database: the Kysely instance (camelCase names), which dialect it speaks, how to close it. */
export interface Db {
  readonly kysely: Kysely<Database>;
  readonly dialect: DialectName;
  close(): Promise<void>;
  /**
   * Resolves when every transaction committed before the call is on disk (a crash of the machine
   * loses none of them). SQLite: one shared fsync of the WAL for all callers at a time (db/wal-sync.ts);
   * PostgreSQL: already so at COMMIT (synchronous_commit, on by default).
   */
  flushed(): Promise<void>;
  /** When sessions kept in memory must be forgotten (db/session-changes.ts, decision 0176). */
  readonly sessionChanges: SessionChanges;
  /** PostgreSQL only: the pool's connections right now (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
}

export type DatabaseLocation =
  | { dialect: 'sqlite'; path: string } // absolute path or ':memory:'
  | { dialect: 'postgres'; url: string; pool?: { max?: number; connectTimeoutMs?: number; queryTimeoutMs?: number } };

/**
 * DATABASE_URL → where the database is. `sqlite::memory:`, `sqlite:/abs/file`, `sqlite:relative/file`
 * (against `cwd`), `postgres://…` or `postgresql://…`.
 */
export function parseDatabaseUrl(url: string, cwd = process.cwd()): DatabaseLocation {
  if (/^postgres(ql)?:\/\//i.test(url)) return { dialect: 'postgres', url };
  if (url.startsWith('sqlite:')) {
    const rest = url.slice('sqlite:'.length);
    if (rest === ':memory:') return { dialect: 'sqlite', path: ':memory:' };
    const path = rest.startsWith('//') ? rest.slice(2) : rest;
    if (path === '') throw new Error('sqlite: URL without a file path');
    return { dialect: 'sqlite', path: path.startsWith('/') ? path : `${cwd.replace(/\/$/, '')}/${path}` };
  }
  throw new Error('must start with sqlite: or postgres://');
}

export interface OpenOptions {
  /** PostgreSQL pool size per instance. */
  poolMax?: number;
  /**
   * false: no statement or query timeout (start-up work: migrations and reference data may wait on
   * another instance's lock for as long as it takes). Default true.
   */
  requestTimeouts?: boolean;
}

export async function openDatabase(location: DatabaseLocation, options: OpenOptions = {}): Promise<Db> {
  if (location.dialect === 'sqlite') {
    if (location.path !== ':memory:') {
      const { dirname } = await import('node:path');
      ensurePrivateDir(dirname(location.path), { narrowExisting: false });
      ensurePrivateSqliteFile(location.path);
    }
    const database = openNodeSqlite({ path: location.path });
    const writes = new SessionWritesPlugin();
    const kysely = new Kysely<Database>({
      dialect: new NodeSqliteDialect({ database }),
      plugins: [new CamelCasePlugin(), writes],
    });
    const wal = location.path === ':memory:' ? null : walFileSync(location.path);
    const flushed = wal === null ? () => Promise.resolve() : groupSync(wal.sync);
    const close = async () => {
      await kysely.destroy();
      await wal?.close();
    };
    return { kysely, dialect: 'sqlite', close, flushed, sessionChanges: sqliteSessionChanges(database.raw, writes) };
  }

  const max = options.poolMax ?? location.pool?.max ?? 10;
  const queryTimeoutMs = location.pool?.queryTimeoutMs ?? 15_000;
  const pool = new pg.Pool({
    connectionString: location.url,
    max,
    // Bounded waits (decision 0101): with the database gone a request fails within these times (and
    // answers 503) instead of hanging; the pool reconnects by itself when the database is back.
    connectionTimeoutMillis: location.pool?.connectTimeoutMs ?? 3000,
    ...(options.requestTimeouts === false
      ? {}
      : {
          statement_timeout: queryTimeoutMs,
          // The client-side guard for a connection that went silent (a cut network): a little after
          // the server's own statement_timeout, so a slow statement is cancelled by the server first.
          query_timeout: queryTimeoutMs + 2000,
        }),
    keepAlive: true,
    idleTimeoutMillis: 30_000,
    // BIGINT (int8) comes back as a JS number, as on SQLite: our BIGINTs are epoch milliseconds and
    // counters, far below 2^53. Also makes count(*) a number on both dialects.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // A checked-out client has no pool listener: its connection dropping (PostgreSQL stopped, the
  // network cut) would be an uncaught 'error' event and end the process. The queries on it already
  // fail (→ 503) and the pool discards it, so the event itself needs no handling.
  pool.on('connect', (client) => void client.on('error', () => undefined));
  const writes = new SessionWritesPlugin();
  const kysely = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin(), writes],
  });
  const sessionChanges = postgresSessionChanges(location.url, writes);
  return {
    kysely,
    dialect: 'postgres',
    close: async () => {
      await sessionChanges.close();
      await kysely.destroy();
    },
    sessionChanges,
    flushed: () => Promise.resolve(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
  };
}

/**
 * Whether an error means "the database cannot be reached right now" (PostgreSQL stopped, the network
 * cut, the pool's connect timeout, a server shutting down or full) rather than a fault in a query.
 * Such requests answer 503 (decision 0101): the client may retry, nothing was wrongly accepted.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) return true;
      // SQLSTATE class 08 (connection exception), 57P01–57P03 (shutdown, cannot connect now), 53300 (too many connections).
      if (/^08/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
    }
    if (
      /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection ended unexpectedly)/.test(
        e.message,
      )
    ) {
      return true;
    }
  }
  return false;
}
