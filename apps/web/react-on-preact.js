// What the web's build, dev server and unit tests load for 'react' (preact-compat.ts,
// docs/decisions/0172-preact-compat.md): preact/compat, plus the one name a library imports that
// preact/compat lacks. Plain JS: preact/compat's types (`export =`) cannot be re-exported from TS.
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React Router imports useOptimistic for its data-mode RouterProvider, which the web does not use
 * (declarative mode, decision 0084): present for the import, never called.
 */
export function useOptimistic() {
  throw new Error('useOptimistic is not available: the web runs on preact/compat');
}
