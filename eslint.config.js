import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// Architecture boundaries (decision 0080): each screen folder is a zone of its own.
const webScreens = readdirSync(new URL('./apps/web/src/screens', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'var/**', 'data/generated/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The back office (issue 14): a React app of its own.
    files: ['apps/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The domain is pure: it imports nothing from the apps and does no I/O.
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@koza/api*', '@koza/web*', '@koza/data*', 'node:*', 'fs', 'path'] }],
    },
  },
  {
    // Screens do not import each other; routes do not touch SQL.
    files: ['apps/web/src/screens/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['../../screens/*', '../*/*-screen*'] }] },
  },
  {
    // The web's layers: a screen imports no other screen folder; the shared layers (components,
    // forms, lib, api) import nothing from app, screens or entry. Import cycles are dependency-cruiser's
    // (.dependency-cruiser.mjs, in `npm run lint`): it counts type-only and dynamic imports, which
    // import-x/no-cycle skips (decision 0251).
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webScreens.map((name) => ({
              target: `./apps/web/src/screens/${name}`,
              from: './apps/web/src/screens',
              except: [`./${name}`],
              message: 'A screen imports no other screen folder: move what both need to components/ or forms/.',
            })),
            ...['components', 'forms', 'lib', 'api'].map((layer) => ({
              target: `./apps/web/src/${layer}`,
              from: ['./apps/web/src/app', './apps/web/src/screens', './apps/web/src/entry'],
              message: 'Shared web layers import nothing from app/, screens/ or entry/.',
            })),
          ],
        },
      ],
    },
  },
  {
    // Routes are thin: no SQL. They may name the Db handle's type to pass it on to services.
    files: ['apps/api/src/routes/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['kysely'], message: 'Routes do not build SQL: call a service.', allowTypeImports: true },
            { group: ['**/db/**'], message: 'Routes do not touch the database layer: call a service.', allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    // Services know nothing of HTTP.
    files: ['apps/api/src/services/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['fastify', 'fastify/*', '@fastify/*'], message: 'Services import no fastify: keep HTTP in routes.' },
            { group: ['**/http/**'], message: 'Services know nothing of HTTP: refuse with services/platform/refusals.ts; http/errors.ts maps it.' },
            // Every instance may serve any request (decision 0249): state lives in the database, never in
            // a file another instance must see. The hand-over's files are written by its exporter, through
            // the adapter it is given (adapters/handover.ts), never by a service.
            {
              group: ['node:fs', 'node:fs/*', 'fs', 'fs/*'],
              message: 'Services touch no file: state lives in the database (decision 0249); files are written by adapters given to them.',
            },
            {
              group: ['**/adapters/handover.ts'],
              message: 'The approval stores the hand-over in the outbox (db/repositories/handover-outbox-repository.ts); only the exporter writes files.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // No function longer than a screen (issue 35): a reader sees a function whole. Migrations are
    // dated history and stay as they were written.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['apps/api/src/db/migrations/**'],
    rules: { 'max-lines-per-function': ['error', { max: 120 }] },
  },
  {
    // No screen file over 250 lines in either React app: a screen is split into parts named for what they are.
    files: ['apps/web/src/**/*.tsx', 'apps/admin/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: 250 }] },
  },
  {
    // Services by what they serve (issue 35): platform/ (sessions, mail, storage, jobs, reference data)
    // serves both others and imports neither; the applicant's journey imports no staff work. Staff
    // work may read what applicants submitted (applicant/).
    files: ['apps/api/src/services/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/api/src/services/platform',
              from: ['./apps/api/src/services/applicant', './apps/api/src/services/staff'],
              message: 'Platform services serve the applicant and staff features and import neither.',
            },
            {
              target: './apps/api/src/services/applicant',
              from: './apps/api/src/services/staff',
              message: "The applicant's journey imports no staff work: move what both need to services/platform/.",
            },
          ],
        },
      ],
    },
  },
);
