import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project has its own config next to its code.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'data', 'apps/api', 'apps/ekyc-sim', 'apps/dev-idp', 'apps/web', 'apps/admin'],
  },
});
