import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'packages/domain',
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
