import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { NodeSqliteDialect, openNodeSqlite } from './node-sqlite.ts';

export type DialectName = 'sqlite' | 'postgres';

/** An open database: the Kysely instance (camelCase names), which dialect it speaks, how to close it. */
export interface Db {
  readonly kysely: Kysely<Database>;
  readonly dialect: DialectName;
  close(): Promise<void>;
}

export type DatabaseLocation =
  | { dialect: 'sqlite'; path: string } // absolute path or ':memory:'
  | { dialect: 'postgres'; url: string };

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
}

export async function openDatabase(location: DatabaseLocation, options: OpenOptions = {}): Promise<Db> {
  if (location.dialect === 'sqlite') {
    if (location.path !== ':memory:') {
      const { mkdirSync } = await import('node:fs');
      const { dirname } = await import('node:path');
      mkdirSync(dirname(location.path), { recursive: true });
    }
    const database = openNodeSqlite({ path: location.path });
    const kysely = new Kysely<Database>({
      dialect: new NodeSqliteDialect({ database }),
      plugins: [new CamelCasePlugin()],
    });
    return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
  }

  const pool = new pg.Pool({
    connectionString: location.url,
    max: options.poolMax ?? 10,
    // BIGINT (int8) comes back as a JS number, as on SQLite: our BIGINTs are epoch milliseconds and
    // counters, far below 2^53. Also makes count(*) a number on both dialects.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const kysely = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
}

