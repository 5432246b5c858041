/**
 * The full app's chunk (app.tsx: TanStack Query and the pages of the flow table): loaded by the entry
 * shell when the applicant leaves its pages, fetched ahead with the next screen's chunk, and at once
 * on a page that is not the shell's.
 */
export const loadFullApp = () => import('./app.tsx');
