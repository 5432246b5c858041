import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { SimConfig } from './config.ts';

// `npm start -w @koza/ekyc-sim`: validates the environment, then listens (default :3100).

// A simulator answers PASSED on request: it must never stand in for the real provider (decision 0105).
if (process.env.NODE_ENV === 'production') {
  console.error('The eKYC simulator is a development and test tool and does not start with NODE_ENV=production.');
  process.exit(1);
}

let config: SimConfig;
try {
  config = loadConfig(process.env);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

const app = buildApp({ config });

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ publicUrl: config.publicUrl, env: config.env, outcomePicker: !config.isProduction }, 'eKYC provider simulator ready');
} catch (error) {
  app.log.error(error);
  process.exit(1);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
