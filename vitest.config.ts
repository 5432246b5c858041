import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project has its own config next to its code.
export default defineConfig({
  test: {
    // Two files at once on a 2-core machine (Vitest's default is cores − 1, one here): API tests wait
    // on PostgreSQL, child processes and sockets much of the time, and the second core takes another
    // file meanwhile. Vitest 5 does not hand this root option down to the projects below (each
    // resolves its own default, one worker): `npm test` and `npm run test:unit` pass `--maxWorkers=2`,
    // which does reach them (decision 0255).
    maxWorkers: 2,
    projects: ['packages/domain', 'data', 'apps/api', 'apps/ekyc-sim', 'apps/dev-idp', 'apps/web', 'apps/admin'],
  },
});
