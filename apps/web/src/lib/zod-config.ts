import { z } from 'zod';

// The CSP has no 'unsafe-eval'. zod compiles object parsers with `new Function` unless told not to,
// and even its probe for eval is reported as a CSP violation: run it without JIT. Imported first
// in main.tsx, before any schema parses.
z.config({ jitless: true });
