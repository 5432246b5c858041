import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'apps/ekyc-sim',
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});
