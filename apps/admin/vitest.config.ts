import { defineProject } from 'vitest/config';

// The back office's screen tests (Testing Library on happy-dom), run by the root vitest.config.ts.
export default defineProject({
  test: {
    name: 'admin',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
