import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { SimConfig } from './config.ts';

// `npm start -w @koza/ekyc-sim`: validates the environment, then listens (default :3100).

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
  app.log.info(
    { publicUrl: config.publicUrl, env: config.env, outcomePicker: !config.isProduction },
    'eKYC provider simulator ready',
  );
} catch (error) {
  app.log.error(error);
  process.exit(1);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
