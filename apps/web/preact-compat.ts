import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

// The web runs on Preact through preact/compat (docs/decisions/0172-preact-compat.md): its code and
// its libraries (React Router, TanStack Query, Testing Library) import 'react'. The build, the dev
// server (and its dependency pre-bundling) and the unit tests all resolve those imports with these
// aliases, so the tests test what ships. The types stay React's (@types/react): the code is written
// against React's API.
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: fileURLToPath(new URL('./react-on-preact.js', import.meta.url)) },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];
