import { defineProject } from 'vitest/config';

// API tests go through HTTP (app.inject) on SQLite and on PostgreSQL (test/helpers/databases.ts).
// The global setup migrates and loads the reference data (124k postal rows) ONCE per run into a
// template for each dialect; every test file then gets its own copy in well under a second.
export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    pool: 'forks',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    // Building the templates (postal table into SQLite and PostgreSQL) takes seconds on a busy machine.
    hookTimeout: 180_000,
  },
});
