import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// The back office's own build (apps/admin/dist) under /admin (issue 14): a separate bundle, so no
// staff code ever ships to applicants, with a CSP of its own that is stricter than the applicant's
// (no data: images, no camera or workers; documents are same-origin images behind the staff cookie).

export const adminCsp = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
};

export function installAdminStatic(app: FastifyInstance, options: { adminDistDir: string }) {
  const root = normalize(options.adminDistDir);

  // '/admin' and '/admin/' are one route (ignoreTrailingSlash): both get the app.
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('content-security-policy', adminCsp).header('x-robots-tag', 'noindex');
    const path = (request.params as { '*'?: string })['*'] ?? '';
    const file = await existing(root, path);
    if (file !== null && !file.endsWith(`${sep}index.html`)) {
      const immutable = path.startsWith('assets/');
      return reply
        .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        .type(types[extname(file)] ?? 'application/octet-stream')
        .send(await readFile(file));
    }
    // Any other path is a screen of the app (client-side routing): its index.html.
    const index = await existing(root, 'index.html');
    void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (index === null) {
      return reply.send(
        '<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>管理画面</title></head><body><main><h1>管理画面が未ビルドです</h1><p><code>npm run build</code> を実行してください。</p></main></body></html>',
      );
    }
    return reply.send(await readFile(index));
  };
  app.get('/admin', handler);
  app.get('/admin/*', handler);
}

async function existing(root: string, urlPath: string): Promise<string | null> {
  if (urlPath.includes('\0')) return null;
  const relative = normalize(urlPath).replace(/^[/\\]+/, '');
  if (relative === '' || relative.split(/[/\\]/).some((p) => p === '..' || p.startsWith('.'))) return null;
  const full = join(root, relative);
  if (!full.startsWith(root + sep)) return null;
  try {
    return (await stat(full)).isFile() ? full : null;
  } catch {
    return null;
  }
}
