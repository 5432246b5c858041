import { describe, expect, it } from 'vitest';
import { devDefaults, loadConfig, ConfigError } from '../../src/config.ts';
import { freePort } from '../helpers/ekyc-simulator.ts';
import { runToExit } from '../helpers/instances.ts';
import { bankEnv } from '../helpers/production-env.ts';

// The production profile (NODE_ENV=production), checked on the real entry points: the API refuses
// to start without its secrets (and names them), the eKYC simulator refuses to start at all.

const secrets = {
  ...bankEnv(),
  SMTP_URL: 'smtp://127.0.0.1:1',
  EKYC_PROVIDER_URL: 'https://ekyc.example.com',
  EKYC_API_KEY: 'prod-api-key-0123456789',
  EKYC_WEBHOOK_SECRET: 'prod-webhook-secret-0123456789',
  PUBLIC_BASE_URL: 'https://koza.fukuoka.example.jp',
  PIN_DATA_KEY: Buffer.alloc(32, 7).toString('base64'),
  CODE_HASH_KEY: Buffer.alloc(32, 9).toString('base64'),
};

describe('production profile', () => {
  it('the API refuses to start without its secrets and names every missing one', async () => {
    const port = await freePort();
    const { code, output } = await runToExit(['apps/api/src/server.ts'], { NODE_ENV: 'production', PORT: String(port) });
    expect(code).toBe(1);
    expect(output).toContain('NODE_ENV=production');
    for (const name of ['DATABASE_URL', 'BANK_HOSTS', 'SMTP_URL', 'EKYC_API_KEY', 'EKYC_WEBHOOK_SECRET', 'PIN_DATA_KEY', 'CODE_HASH_KEY', 'PIN_PRIVATE_KEY']) {
      expect(output).toContain(name);
    }
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow(); // never listened
  });

  it('the API refuses the development secrets in production and names them', async () => {
    const { code, output } = await runToExit(['apps/api/src/server.ts'], {
      NODE_ENV: 'production',
      DATABASE_URL: 'sqlite::memory:',
      ...secrets,
      EKYC_API_KEY: devDefaults.EKYC_API_KEY,
      PIN_DATA_KEY: devDefaults.PIN_DATA_KEY,
    });
    expect(code).toBe(1);
    expect(output).toMatch(/development default used in production: .*EKYC_API_KEY/);
    expect(output).toMatch(/development default used in production: .*PIN_DATA_KEY/);
  });

  it('the eKYC simulator refuses to start in production', async () => {
    const port = await freePort();
    const { code, output } = await runToExit(['apps/ekyc-sim/src/server.ts'], {
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: 'https://sim.example.jp',
      EKYC_API_KEY: 'prod-api-key-0123456789',
      EKYC_WEBHOOK_SECRET: 'prod-webhook-secret-0123456789',
      SIM_DATABASE: ':memory:',
    });
    expect(code).toBe(1);
    expect(output).toContain('does not start with NODE_ENV=production');
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
  });

  it('refuses TRUST_PROXY=true in production (anyone could forge X-Forwarded-For) and accepts a list of proxies', () => {
    const base = { NODE_ENV: 'production', DATABASE_URL: 'sqlite::memory:', ...secrets, PIN_PRIVATE_KEY: undefined };
    const problems = (env: Record<string, string | undefined>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return error instanceof ConfigError ? [...error.problems] : ['unexpected'];
      }
    };
    expect(problems({ ...base, TRUST_PROXY: 'true' }).some((p) => p.startsWith('TRUST_PROXY:'))).toBe(true);
    expect(problems({ ...base, TRUST_PROXY: '10.0.0.5,10.0.0.6' }).some((p) => p.startsWith('TRUST_PROXY:'))).toBe(false);
    // Outside production `true` stays allowed (a developer behind a local proxy).
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('serves metrics on 127.0.0.1:9464 by default in production, nowhere by default elsewhere', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).metrics).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test', METRICS_PORT: '9500' }).metrics).toEqual({ host: '127.0.0.1', port: 9500 });
    expect(() => loadConfig({ METRICS_PORT: 'many' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(ConfigError);
    expect(loadConfig({ DB_POOL_MAX: '25', DB_CONNECT_TIMEOUT_MS: '2000', DATABASE_URL: 'postgres://u@h/d' }).database).toEqual({
      dialect: 'postgres',
      url: 'postgres://u@h/d',
      pool: { max: 25, connectTimeoutMs: 2000, queryTimeoutMs: 15_000 },
    });
    expect(() => loadConfig({ DB_POOL_MAX: '0' })).toThrow(ConfigError);
  });
});
