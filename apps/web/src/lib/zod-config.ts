import { z } from 'zod';

// The CSP has no 'unsafe-eval'. zod compiles object parsers with `new Function` unless told not to,
// and even its probe for eval is reported as a CSP violation: run it without JIT. Imported first
// in main.tsx; the build puts this file into zod's own chunk (vite.config.ts), so it runs before
// any other chunk builds a schema, however the code is split.
z.config({ jitless: true });
