import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensurePostalTable } from '@koza/data/postal';
import { openDatabase } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { loadReferenceData } from '../../src/services/platform/reference-data.ts';
import { adminQuery, postgresAdminUrl, postgresUrlFor, quoteIdent } from './postgres-admin.ts';

// Runs once per `vitest run` in the main process: builds one template database per dialect
// (migrated, reference data loaded), and removes everything at the end.

export interface PostgresContext {
  available: boolean;
  reason: string | null;
  /** Template database to copy (CREATE DATABASE … TEMPLATE). */
  template: string | null;
  /** Prefix of every database this run creates, so teardown can drop leftovers. */
  prefix: string;
}

export interface TestContext {
  sqliteTemplate: string;
  tmpDir: string;
  postgres: PostgresContext;
}

declare module 'vitest' {
  export interface ProvidedContext {
    kozaTest: TestContext;
  }
}

async function prepare(db: Db): Promise<void> {
  try {
    await migrateToLatest(db);
    await loadReferenceData(db);
  } finally {
    await db.close();
  }
}

export default async function setup(project: TestProject) {
  const requirePostgres = process.env.REQUIRE_POSTGRES === '1';
  await ensurePostalTable();

  const tmpDir = mkdtempSync(join(tmpdir(), 'koza-api-test-'));
  const sqliteTemplate = join(tmpDir, 'template.sqlite');
  const building = join(tmpDir, 'building.sqlite');
  {
    const started = performance.now();
    const db = await openDatabase({ dialect: 'sqlite', path: building });
    await prepare(db); // closing the last connection checkpoints the WAL into the file
    copyFileSync(building, sqliteTemplate);
    console.log(`[api tests] SQLite template ready in ${Math.round(performance.now() - started)} ms`);
  }

  const prefix = `koza_t_${process.pid}_${Date.now().toString(36)}`;
  const postgres: PostgresContext = { available: false, reason: null, template: null, prefix };
  try {
    await adminQuery('select 1');
    postgres.available = true;
  } catch (error) {
    postgres.reason = `${postgresAdminUrl()}: ${(error as Error).message}`;
    if (requirePostgres) rmSync(tmpDir, { recursive: true, force: true });
    if (requirePostgres) throw new Error(`REQUIRE_POSTGRES=1 but PostgreSQL is not reachable (${postgres.reason})`, { cause: error });
    console.warn(`[api tests] PostgreSQL not reachable, its half of the tests is skipped (${postgres.reason})`);
  }
  if (postgres.available) {
    // Reachable but failing to build is a real failure, never a silent skip.
    const template = `${prefix}_tpl`;
    const started = performance.now();
    try {
      await adminQuery(`create database ${quoteIdent(template)}`);
      await prepare(await openDatabase({ dialect: 'postgres', url: postgresUrlFor(template) }, { poolMax: 2 }));
    } catch (error) {
      await adminQuery(`drop database if exists ${quoteIdent(template)} with (force)`).catch(() => undefined);
      rmSync(tmpDir, { recursive: true, force: true });
      throw error;
    }
    postgres.template = template;
    console.log(`[api tests] PostgreSQL template ready in ${Math.round(performance.now() - started)} ms`);
  }

  project.provide('kozaTest', { sqliteTemplate, tmpDir, postgres });

  return async () => {
    if (postgres.available) {
      const leftovers = await adminQuery<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${prefix}%`]);
      for (const { datname } of leftovers.rows) {
        await adminQuery(`drop database if exists ${quoteIdent(datname)} with (force)`).catch(() => undefined);
      }
    }
    rmSync(tmpDir, { recursive: true, force: true });
  };
}
