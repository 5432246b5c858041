import { createServer } from 'node:http';
import { devStaffOidc } from '@koza/api/dev-staff-oidc';
import { createDevIdp } from './provider.ts';

// `npm start` starts this (scripts/start.ts), as it starts the eKYC simulator: the development
// identity provider of the three banks' staff on PORT (default 3200), its issuers at
// PUBLIC_URL/<bank code> (default http://localhost:<port>). It refuses to start in production.

if (process.env.NODE_ENV === 'production') {
  console.error('The development identity provider is a development and test tool and does not start with NODE_ENV=production.');
  process.exit(1);
}

const port = Number(process.env.PORT ?? devStaffOidc.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT: not a port number (${process.env.PORT})`);
  process.exit(1);
}
const host = process.env.HOST ?? '127.0.0.1';
const publicUrl = (process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
const idp = createDevIdp({ publicUrl });
const server = createServer((req, res) => idp.handle(req, res));
server.listen(port, host, () => {
  if (process.env.LOG_LEVEL !== 'silent' && process.env.LOG_LEVEL !== 'warn') console.log(`[dev-idp] ready: ${publicUrl} (issuers ${publicUrl}/<bank code>)`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
