import { defineProject } from 'vitest/config';

// API tests go through HTTP (app.inject) on SQLite and on PostgreSQL (test/helpers/databases.ts).
// The global setup migrates and loads the reference data (124k postal rows) ONCE per run into a
// template for each dialect; every test file then gets its own copy in well under a second.
export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    pool: 'forks',
    // Files run one after another in each worker process without re-importing the application for
    // each (about 2 s of import per file, 40 % of the CPU on this 2-core machine, decision 0256). No
    // test mocks a module or keeps state in one: each builds its own app and database
    // (helpers/databases.ts), so sharing the imported modules changes no result.
    isolate: false,
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    // Building the templates (postal table into SQLite and PostgreSQL) takes seconds on a busy machine.
    hookTimeout: 180_000,
  },
});
