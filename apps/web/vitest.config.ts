import { defineProject } from 'vitest/config';

export default defineProject({
  css: {
    modules: { localsConvention: 'camelCaseOnly' },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Typing and clicking through a screen (user-event) takes well under a second alone but several
    // on a busy 2-core machine running two files at once: 15 s rather than Vitest's 5 s.
    testTimeout: 15_000,
  },
});
