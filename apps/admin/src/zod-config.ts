import { z } from 'zod';

// The CSP has no 'unsafe-eval': zod must not compile parsers with `new Function` (see apps/web's
// zod-config.ts). Imported first in main.tsx; the admin app is one bundle, so it runs first.
z.config({ jitless: true });
