import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { compressionThresholdBytes } from '../../src/plugins/compression.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { applicant, createStepsApp } from '../helpers/application-steps.ts';
import type { Applicant } from '../helpers/application-steps.ts';

// API answers are compressed above a threshold when the client accepts it (decision 0120); small
// answers go out plain, so a status or a saved step costs no compression.

forEachDialect((dialect) => {
  let app: App;
  let a: Applicant;
  beforeAll(async () => {
    app = await createStepsApp(await dialect.createDb());
    a = await applicant(app);
  });
  afterAll(() => app.close());

  const getOccupations = (acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url: '/api/occupations',
      headers: { host: a.host, authorization: `Bearer ${a.token}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it('compresses a large JSON answer with brotli or gzip, as the client accepts, and sends it plain otherwise', async () => {
    const plain = await getOccupations();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(compressionThresholdBytes);

    const br = await getOccupations('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await getOccupations('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a small answer plain even to a client that accepts compression', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(compressionThresholdBytes);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: expect.any(String) });
  });
});
