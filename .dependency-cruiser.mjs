// `npm run lint` runs dependency-cruiser for one rule: no import cycle anywhere in the workspaces
// (decision 0251). Type-only imports count (tsPreCompilationDeps: a type cycle still ties two modules
// together), and so do dynamic import()s; the workspace aliases (@koza/*) resolve through their
// package `exports` to the source files, as Node and TypeScript resolve them.
export default {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'Two modules import each other, directly or through others. Move what both need into a module both import ' +
        '(docs/architecture.md, "Web: flow, forms, data, boundaries"; decision 0251).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '(^|/)dist/', '^var/', '^data/generated/', 'test-results', 'playwright-report'] },
    tsPreCompilationDeps: true,
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
