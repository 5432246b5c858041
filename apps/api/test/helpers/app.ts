import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/database.ts';
import type { Clock } from '../../src/adapters/clock.ts';
import type { LoggerOption } from '../../src/plugins/logging.ts';

/** A fresh directory inside the run's temporary directory (removed by the global teardown). */
export const testTempDir = (prefix: string): string => mkdtempSync(join(inject('kozaTest').tmpDir, prefix));

/** A directory with no web build: API tests never depend on apps/web being built. */
export const emptyWebDist = (): string => testTempDir('web-none-');

export interface TestAppOptions {
  db: Db;
  env?: Record<string, string>;
  clock?: Clock;
  logger?: LoggerOption;
}

/** The app as production builds it, with test configuration (NODE_ENV=test) and the given database. */
export async function createTestApp({ db, env = {}, clock, logger = false }: TestAppOptions): Promise<App> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'sqlite::memory:', WEB_DIST_DIR: emptyWebDist(), ...env });
  const app = await buildApp({ config, db, clock, logger });
  return app;
}
