import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import type { Db } from '../../src/db/database.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { createTestApp } from '../helpers/app.ts';

// The postal table in use (issue 27): the packaged Japan Post snapshot, with the date of its data.
const packagedPostalData = {
  version: expect.stringMatching(/^[0-9a-f]{64}$/),
  source: expect.stringMatching(/^jquery-jpostal-ja \d+\.\d+\.\d+$/),
  dataDate: '2025-09-30',
  rows: expect.any(Number),
  loadedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/),
};

forEachDialect((dialect) => {
  let db: Db;
  let app: App;
  beforeAll(async () => {
    db = await dialect.createDb();
    app = await createTestApp({ db });
  });
  afterAll(() => app.close());

  it.each([
    ['fukuoka.localhost:3000', '0177'],
    ['kumamoto.localhost', '0587'],
    ['juhachishinwa.localhost:3000', '0181'],
    ['JUHACHISHINWA.localhost.', '0181'],
    ['localhost:3000', '0177'],
    ['127.0.0.1:3000', '0177'],
  ])('answers ok with the bank of Host %s (%s)', async (host, bankCode) => {
    const response = await app.inject({ method: 'GET', url: '/api/health', headers: { host } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', bankCode, database: dialect.name, postalData: packagedPostalData });
  });

  it('gives the configured default bank to localhost', async () => {
    const other = await createTestApp({ db, env: { DEFAULT_BANK_CODE: '0181' } });
    const response = await other.inject({ method: 'GET', url: '/api/health', headers: { host: 'localhost' } });
    expect(response.json()).toMatchObject({ bankCode: '0181' });
    const kumamoto = await other.inject({ method: 'GET', url: '/api/health', headers: { host: 'kumamoto.localhost' } });
    expect(kumamoto.json()).toMatchObject({ bankCode: '0587' });
    await other.close();
  });

  it('answers 503 when the database is down', async () => {
    const own = await dialect.createDb();
    const ownApp = await createTestApp({ db: own });
    expect((await ownApp.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await own.close(); // the database goes away under a running app
    const response = await ownApp.inject({ method: 'GET', url: '/api/health', headers: { host: 'kumamoto.localhost' } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', bankCode: '0587', database: dialect.name });
    await ownApp.close();
  });
});
