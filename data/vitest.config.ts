import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'data',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // The first run builds the postal table (about 2 s here; allow for slow CI machines).
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
