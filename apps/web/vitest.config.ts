import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineProject } from 'vitest/config';
import { preactAliases } from './preact-compat.ts';

// Testing Library's package has no exports map and its main build is CommonJS, whose require('react-dom')
// no alias reaches: the tests load its ES module build, through Vite (server.deps.inline).
const testingLibrary = join(dirname(createRequire(import.meta.url).resolve('@testing-library/react/package.json')), 'dist/@testing-library/react.esm.js');

export default defineProject({
  resolve: { alias: [...preactAliases, { find: /^@testing-library\/react$/, replacement: testingLibrary }] },
  css: {
    modules: { localsConvention: 'camelCaseOnly' },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Through Vite, so that their imports of 'react' meet the alias too.
    server: { deps: { inline: ['@testing-library/react', 'react-router', '@tanstack/react-query'] } },
  },
});
