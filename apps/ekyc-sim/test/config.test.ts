import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { buildApp } from '../src/app.ts';
import { apiKey, productionConfig, sessionBody } from './helpers.ts';

describe('configuration', () => {
  it('has development defaults outside production', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.port).toBe(3100);
    expect(config.publicUrl).toBe('http://localhost:3100');
    expect(config.apiKey).toBe('dev-ekyc-api-key');
    expect(config.webhookSecret).toBe('dev-ekyc-webhook-secret');
    expect(config.database).toMatch(/var\/ekyc-sim\.sqlite$/);
    expect(config.isProduction).toBe(false);
  });

  it('refuses to start in production with missing or development secrets', () => {
    const attempt = (env: Record<string, string>) => {
      try {
        loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://ekyc.example.jp', ...env });
        return [];
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems;
      }
    };
    expect(attempt({})).toEqual(
      expect.arrayContaining([expect.stringContaining('EKYC_API_KEY is required'), expect.stringContaining('EKYC_WEBHOOK_SECRET is required')]),
    );
    expect(attempt({ EKYC_API_KEY: 'dev-ekyc-api-key', EKYC_WEBHOOK_SECRET: 'dev-ekyc-webhook-secret' })).toEqual([
      'EKYC_API_KEY must not be the development default in production',
      'EKYC_WEBHOOK_SECRET must not be the development default in production',
    ]);
    expect(attempt({ EKYC_API_KEY: 'short', EKYC_WEBHOOK_SECRET: 'prod-webhook-secret-0123456789' })).toEqual([
      'EKYC_API_KEY must be at least 16 characters in production',
    ]);
  });

  it('requires PUBLIC_URL in production and rejects malformed values', () => {
    expect(() => productionConfig({ PUBLIC_URL: '' })).toThrow(/PUBLIC_URL is required in production/);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT must be an integer/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL must be an http\(s\) URL/);
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV must be development, test or production/);
  });

  it('hides the simulate endpoint in production', async () => {
    const config = productionConfig();
    const app = buildApp({ config });
    try {
      const created = await app.inject({ method: 'POST', url: '/v1/sessions', headers: { 'x-api-key': config.apiKey }, payload: sessionBody() });
      expect(created.statusCode).toBe(201);
      const { sessionId, url } = created.json() as { sessionId: string; url: string };
      expect(url.startsWith(`https://ekyc.example.jp/s/${sessionId}?t=`)).toBe(true);
      const simulate = await app.inject({
        method: 'POST',
        url: `/v1/sessions/${sessionId}/simulate`,
        headers: { 'x-api-key': config.apiKey },
        payload: { outcome: 'PASSED' },
      });
      expect(simulate.statusCode).toBe(404);
      // The development key does not open a production simulator.
      const withDevKey = await app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}`, headers: { 'x-api-key': apiKey } });
      expect(withDevKey.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
