import { z } from 'zod';

// The CSP has no 'unsafe-eval'. zod compiles object parsers with `new Function` unless told not to,
// and even its probe for eval is reported as a CSP violation: run it without JIT. The web's build
// resolves every import of 'zod' (the domain's schemas, the web's) to this module (vite.config.ts,
// zodWithoutJit), so zod is configured before any module that uses it runs, in whatever chunk it is
// and only when one is loaded: the first page loads no zod (docs/decisions/0170-first-screen-without-zod.md).
z.config({ jitless: true });

export * from 'zod';
