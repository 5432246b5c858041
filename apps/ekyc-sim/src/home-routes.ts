import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { homePage } from './pages.ts';
import { notFoundPage, sendPage } from './replies.ts';

// The simulator's own pages and files: health, the home page and the pages' stylesheet and script.

const assets: Record<string, { type: string; body: Buffer; etag: string }> = Object.fromEntries(
  [
    ['style.css', 'text/css; charset=utf-8'],
    ['capture.js', 'text/javascript; charset=utf-8'],
  ].map(([name, type]) => {
    const body = readFileSync(new URL(`../public/${name}`, import.meta.url));
    return [name, { type, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` }];
  }),
);

export function registerHomeRoutes(app: FastifyInstance): void {
  app.get('/health', async () => ({ status: 'ok' }));

  app.get('/', async (_request, reply) => sendPage(reply, 200, homePage()));
  app.get('/favicon.ico', async (_request, reply) => reply.code(204).header('Cache-Control', 'max-age=86400').send());

  app.get('/assets/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const asset = Object.hasOwn(assets, name) ? assets[name] : undefined;
    if (!asset) return sendPage(reply, 404, notFoundPage());
    reply.header('Cache-Control', 'no-cache').header('ETag', asset.etag).type(asset.type);
    if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    return reply.send(asset.body);
  });
}
