import { z } from 'zod';

// The CSP has no 'unsafe-eval': zod must not compile parsers with `new Function`, and even its probe
// for eval is reported as a violation (see apps/web's zod-config.ts). The build resolves every import
// of 'zod' to this module (vite.config.ts, zodWithoutJit), so zod is configured before any schema is
// made, in whichever chunk; main.tsx imports it first too (the dev server and the tests alike).
z.config({ jitless: true });

export * from 'zod';
