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
    // Cheaper staff password hashes (scrypt N = 2^10 instead of 2^15) for the many sign-ins of the
    // back-office tests; production refuses it (config.ts). Child server processes inherit it.
    env: { STAFF_PASSWORD_LOG_N: '10' },
    // Building the templates (postal table into SQLite and PostgreSQL) takes seconds on a busy machine.
    hookTimeout: 180_000,
  },
});
