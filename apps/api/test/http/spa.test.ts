import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { createTestApp, testTempDir } from '../helpers/app.ts';

function fakeWebBuild(): string {
  const dir = testTempDir('web-dist-');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="ja"><head><meta name="bank-code" content="%BANK_CODE%"><title>%BANK_NAME% 口座開設</title>' +
      '<script type="module" src="/assets/index-3f9a1c.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  // What the web build writes (apps/web/precompress.ts): each text asset, and its .br and .gz twins.
  writeFileSync(join(dir, 'assets', 'app-9b2e41.js'), bigScript);
  writeFileSync(join(dir, 'assets', 'app-9b2e41.js.br'), brotliCompressSync(bigScript));
  writeFileSync(join(dir, 'assets', 'app-9b2e41.js.gz'), gzipSync(bigScript));
  // What the prerender writes (apps/web/prerender-pages.ts): landing pages per bank, and their manifest.
  const prerendered: [string, string, string, string][] = [
    ['0177', '/term', '', 'prerendered/0177/term.html'],
    ['0587', '/term', '', 'prerendered/0587/term.html'],
    ['0587', '/error', '', 'prerendered/0587/error.html'],
    ['0587', '/error', '?id=1', 'prerendered/0587/error.id-1.html'],
  ];
  for (const [code, path, search, file] of prerendered) {
    mkdirSync(join(dir, 'prerendered', code), { recursive: true });
    writeFileSync(
      join(dir, file),
      `<!doctype html><html data-bank="${code}"><body><div id="root" data-prerendered="${search}"><h1>${code}${path}${search}</h1></div></body></html>`,
    );
  }
  writeFileSync(
    join(dir, 'prerendered', 'manifest.json'),
    JSON.stringify(prerendered.map(([bankCode, path, search, file]) => ({ bankCode, path, search, file }))),
  );
  return dir;
}

const bigScript = `export const screens = [${Array.from({ length: 400 }, (_, i) => `"screen-${i}"`).join(',')}];\n`;
const browserEncodings = 'gzip, deflate, br, zstd';

forEachDialect((dialect) => {
  describe('with a web build', () => {
    let app: App;
    beforeAll(async () => {
      app = await createTestApp({ db: await dialect.createDb(), env: { WEB_DIST_DIR: fakeWebBuild() } });
    });
    afterAll(() => app.close());

    it.each([
      ['fukuoka.localhost:3000', '0177', '福岡銀行'],
      ['kumamoto.localhost:3000', '0587', '熊本銀行'],
      ['juhachishinwa.localhost:3000', '0181', '十八親和銀行'],
      ['localhost:3000', '0177', '福岡銀行'],
    ])('answers a screen path on %s with index.html for bank %s', async (host, code, name) => {
      const response = await app.inject({ method: 'GET', url: '/child/personal?channel=abc', headers: { host } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain(`<meta name="bank-code" content="${code}">`);
      expect(response.body).toContain(`<title>${name} 口座開設</title>`);
      expect(response.body).not.toContain('%BANK_');
    });

    it('answers a landing page with the page prerendered for the bank of the Host, never cached', async () => {
      const kumamoto = await app.inject({ method: 'GET', url: '/term?channel=abc', headers: { host: 'kumamoto.localhost:3000' } });
      expect(kumamoto.statusCode).toBe(200);
      expect(kumamoto.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(kumamoto.headers['cache-control']).toBe('no-cache');
      expect(kumamoto.body).toContain('<h1>0587/term</h1>');
      const fukuoka = await app.inject({ method: 'GET', url: '/term', headers: { host: 'localhost:3000' } });
      expect(fukuoka.body).toContain('<h1>0177/term</h1>');
    });

    it('picks the prerendered variant whose query the request carries (the session error, ?id=1)', async () => {
      const host = 'kumamoto.localhost';
      expect((await app.inject({ method: 'GET', url: '/error?id=1', headers: { host } })).body).toContain('<h1>0587/error?id=1</h1>');
      expect((await app.inject({ method: 'GET', url: '/error?x=2&id=1', headers: { host } })).body).toContain('<h1>0587/error?id=1</h1>');
      expect((await app.inject({ method: 'GET', url: '/error', headers: { host } })).body).toContain('<h1>0587/error</h1>');
      expect((await app.inject({ method: 'GET', url: '/error?id=2', headers: { host } })).body).toContain('<h1>0587/error</h1>');
    });

    it('answers a landing page that was not prerendered for the bank with index.html, and never serves the prerendered files as files', async () => {
      const child = await app.inject({ method: 'GET', url: '/error', headers: { host: 'juhachishinwa.localhost' } });
      expect(child.body).toContain('<meta name="bank-code" content="0181">');
      for (const url of ['/prerendered/manifest.json', '/prerendered/0177/term.html']) {
        const response = await app.inject({ method: 'GET', url, headers: { host: 'fukuoka.localhost' } });
        expect(response.body, url).toContain('<div id="root"></div>');
      }
    });

    it('answers / and /index.html with the filled-in page too', async () => {
      for (const url of ['/', '/index.html']) {
        const response = await app.inject({ method: 'GET', url, headers: { host: 'kumamoto.localhost' } });
        expect(response.body, url).toContain('content="0587"');
      }
    });

    it('sends hashed assets with a long cache, other files revalidated', async () => {
      const asset = await app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe('console.log("app")');
      expect(asset.headers['content-type']).toMatch(/javascript/);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.statusCode).toBe(200);
      expect(robots.headers['cache-control']).toBe('public, max-age=0');
    });

    it('sends a hashed asset precompressed (brotli, else gzip) with immutable caching, and plain to a client without compression', async () => {
      const br = await app.inject({ method: 'GET', url: '/assets/app-9b2e41.js', headers: { 'accept-encoding': browserEncodings } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['vary']).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.rawPayload.length).toBeLessThan(bigScript.length / 3);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);

      const gz = await app.inject({ method: 'GET', url: '/assets/app-9b2e41.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(bigScript);

      const plain = await app.inject({ method: 'GET', url: '/assets/app-9b2e41.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['vary']).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(bigScript);
    });

    it('never caches the HTML, whatever the client accepts', async () => {
      const html = await app.inject({ method: 'GET', url: '/personal', headers: { host: 'fukuoka.localhost', 'accept-encoding': browserEncodings } });
      expect(html.statusCode).toBe(200);
      expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(html.headers['cache-control']).toBe('no-cache');
      expect(html.headers['cache-control']).not.toMatch(/immutable|max-age/);
      expect(html.body).toContain('content="0177"');
    });

    it('never serves a file outside the build', async () => {
      for (const url of ['/../package.json', '/%2e%2e/package.json', '/assets/%2e%2e/%2e%2e/package.json', '/.env']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBeLessThan(500);
        expect(response.body, url).not.toContain('"name"');
      }
    });

    it('keeps /api and /__dev out of the SPA fallback', async () => {
      for (const url of ['/api/unknown', '/__dev/unknown']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
      const post = await app.inject({ method: 'POST', url: '/personal', payload: {} });
      expect(post.statusCode).toBe(404);
    });
  });

  it('answers a small Japanese page when the web app is not built', async () => {
    const app = await createTestApp({ db: await dialect.createDb() });
    const response = await app.inject({ method: 'GET', url: '/personal', headers: { host: 'juhachishinwa.localhost' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('Webアプリが未ビルドです');
    expect(response.body).toContain('十八親和銀行');
    await app.close();
  });
});
