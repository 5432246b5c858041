import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'apps/dev-idp',
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});
