import { randomBytes } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, inject } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import type { Db, DialectName } from '../../src/db/database.ts';
import { adminQuery, postgresUrlFor, quoteIdent } from './postgres-admin.ts';

// Every database test runs on both dialects:
//
//   forEachDialect((dialect) => {
//     it('…', async () => { const db = await dialect.createDb(); … });
//   });
//
// createDb() gives a fresh database of its own, migrated and with the reference data, copied from
// the run's template (SQLite: a file copy; PostgreSQL: CREATE DATABASE … TEMPLATE, named
// koza_t_…_<VITEST_POOL_ID>_<random>). Everything a describe block created is closed and dropped
// after it. Without PostgreSQL the postgres half is skipped with a warning (REQUIRE_POSTGRES=1:
// the run fails instead, in the global setup).

export interface TestDialect {
  name: DialectName;
  /** A database of its own: migrated, reference data loaded. */
  createDb(): Promise<Db>;
  /** An empty database of its own (no tables): for migration and loading tests. */
  createEmptyDb(): Promise<Db>;
  /** The DATABASE_URL of a fresh empty database, for tests that start processes. */
  createEmptyDatabaseUrl(): Promise<string>;
  /** The DATABASE_URL of a database of its own, migrated with reference data loaded, for tests that start processes. */
  createDatabaseUrl(): Promise<string>;
}

export const dialectNames: readonly DialectName[] = ['sqlite', 'postgres'];

let warned = false;

export function forEachDialect(body: (dialect: TestDialect) => void): void {
  const ctx = inject('kozaTest');
  for (const name of dialectNames) {
    const unavailable = name === 'postgres' && !ctx.postgres.available;
    if (unavailable && !warned) {
      warned = true;
      console.warn(`[api tests] PostgreSQL tests skipped: ${ctx.postgres.reason ?? 'not available'}`);
    }
    describe.skipIf(unavailable)(name, () => {
      const dialect = testDialect(name);
      afterAll(() => dialect.cleanUp());
      body(dialect);
    });
  }
}

const uniqueName = (): string => `${process.env.VITEST_POOL_ID ?? '0'}_${randomBytes(4).toString('hex')}`;

function testDialect(name: DialectName): TestDialect & { cleanUp(): Promise<void> } {
  const ctx = inject('kozaTest');
  const open: Db[] = [];
  const pgDatabases: string[] = [];

  const track = (db: Db): Db => {
    open.push(db);
    return db;
  };

  const newPgDatabase = async (template: string | null): Promise<string> => {
    const database = `${ctx.postgres.prefix}_${uniqueName()}`;
    pgDatabases.push(database);
    await adminQuery(`create database ${quoteIdent(database)}${template ? ` template ${quoteIdent(template)}` : ''}`);
    return database;
  };

  return {
    name,
    async createDb() {
      if (name === 'sqlite') {
        const path = join(ctx.tmpDir, `${uniqueName()}.sqlite`);
        copyFileSync(ctx.sqliteTemplate, path);
        return track(await openDatabase({ dialect: 'sqlite', path }));
      }
      const database = await newPgDatabase(ctx.postgres.template);
      return track(await openDatabase({ dialect: 'postgres', url: postgresUrlFor(database) }, { poolMax: 4 }));
    },
    async createEmptyDb() {
      if (name === 'sqlite') return track(await openDatabase({ dialect: 'sqlite', path: join(ctx.tmpDir, `${uniqueName()}.sqlite`) }));
      const database = await newPgDatabase(null);
      return track(await openDatabase({ dialect: 'postgres', url: postgresUrlFor(database) }, { poolMax: 4 }));
    },
    async createDatabaseUrl() {
      if (name === 'sqlite') {
        const path = join(ctx.tmpDir, `${uniqueName()}.sqlite`);
        copyFileSync(ctx.sqliteTemplate, path);
        return `sqlite:${path}`;
      }
      return postgresUrlFor(await newPgDatabase(ctx.postgres.template));
    },
    async createEmptyDatabaseUrl() {
      if (name === 'sqlite') return `sqlite:${join(ctx.tmpDir, `${uniqueName()}.sqlite`)}`;
      return postgresUrlFor(await newPgDatabase(null));
    },
    async cleanUp() {
      await Promise.all(open.map((db) => db.close().catch(() => undefined)));
      for (const database of pgDatabases) {
        await adminQuery(`drop database if exists ${quoteIdent(database)} with (force)`).catch(() => undefined);
      }
    },
  };
}
