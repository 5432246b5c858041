import { existsSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getBank } from '@koza/domain/banks/banks';
import type { BankCode } from '@koza/domain/constants';
import type { Clock } from '../adapters/clock.ts';
import type { Db } from '../db/database.ts';
import { entryPageRenderer } from './entry-pages.ts';

// The built SPA (apps/web/dist) for every GET that is not /api or /__dev:
// - an existing file is sent as built, or its precompressed .br/.gz twin when the client accepts it
//   (hashed /assets/* cached for a year as immutable, others revalidated);
// - the pages an applicant lands on from outside (/term, /child/before-check, the error pages) are
//   sent as the build prerendered them for the bank of the Host (apps/web/prerender-pages.ts,
//   docs/decisions/0185-react-with-prerendered-entry.md), never cached; the entry pages among them
//   (/term, /child/before-check) rendered at request time with the bank's live maintenance window
//   and notices (plugins/entry-pages.ts, docs/decisions/0216-landing-modal-in-the-first-html.md);
// - any other path gets index.html (client-side routing), never cached, with %BANK_CODE% and
//   %BANK_NAME% replaced by the bank of the Host, so the SPA knows its bank without inline script.

const yearSeconds = 365 * 24 * 60 * 60;

export async function installSpa(app: FastifyInstance, options: { webDistDir: string; defaultBankCode: BankCode; db: Db; clock: Clock }) {
  const root = normalize(options.webDistDir);
  if (existsSync(root) && statSync(root).isDirectory()) {
    // serve: false → only reply.sendFile; the not-found handler decides what to send.
    // preCompressed: the build wrote .br/.gz beside each text asset (apps/web/precompress.ts); the
    // one the client accepts is sent with Content-Encoding and Vary: Accept-Encoding.
    await app.register(fastifyStatic, { root, serve: false, index: false, dotfiles: 'deny', preCompressed: true });
  }
  const indexHtml = indexTemplate(join(root, 'index.html'));
  const prerendered = prerenderedPages(root);
  const entryPage = entryPageRenderer(root, options);

  return async function spaFallback(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split('?')[0] ?? '/';
    const file = await existingFile(root, path);
    if (file !== null && reply.sendFile) {
      const immutable = file.startsWith(`assets${sep}`) || file.startsWith('assets/');
      return reply.sendFile(file, {
        maxAge: immutable ? yearSeconds * 1000 : 0,
        immutable,
        cacheControl: true,
        lastModified: true,
        etag: true,
      });
    }
    const bank = request.bank ?? getBank(options.defaultBankCode);
    void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    const query = request.url.slice(path.length);
    const template = await indexHtml();
    const live = template === null ? undefined : await entryPage(bank.code, path, query, template, request.log);
    if (live !== undefined) return reply.code(200).send(live);
    const page = (await prerendered())?.find(bank.code, path, query);
    if (page !== undefined) return reply.code(200).send(page);
    if (template === null) return reply.code(200).send(notBuiltPage(bank.name));
    return reply.code(200).send(template.replaceAll('%BANK_CODE%', bank.code).replaceAll('%BANK_NAME%', escapeHtml(bank.name)));
  };
}

/** The relative path of a real file under root for a URL path, or null (missing, a directory, escaping root, index.html, the prerendered pages). */
async function existingFile(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = normalize(decoded).replace(/^[/\\]+/, '');
  if (
    relative === '' ||
    relative === 'index.html' ||
    relative.startsWith('prerendered') ||
    relative.split(/[/\\]/).some((part) => part === '..' || part.startsWith('.'))
  ) {
    return null;
  }
  const full = join(root, relative);
  if (!full.startsWith(root + sep)) return null;
  try {
    return (await stat(full)).isFile() ? relative : null;
  } catch {
    return null;
  }
}

/** index.html, re-read when the web is rebuilt (mtime changes); null when there is none. */
function indexTemplate(file: string): () => Promise<string | null> {
  let cached: { mtimeMs: number; text: string } | null = null;
  return async () => {
    try {
      const s = await stat(file);
      if (!cached || cached.mtimeMs !== s.mtimeMs) cached = { mtimeMs: s.mtimeMs, text: await readFile(file, 'utf8') };
      return cached.text;
    } catch {
      cached = null;
      return null;
    }
  };
}

/** One line of the build's dist/prerendered/manifest.json (apps/web/prerender-pages.ts). */
interface PrerenderedEntry {
  bankCode: string;
  path: string;
  /** '' for any query; otherwise the query string the page was rendered for (e.g. '?id=1'). */
  search: string;
  file: string;
}

/** The prerendered pages of a build, their HTML held in memory: a handful of files of a few KiB. */
class PrerenderedPages {
  private readonly pages: { entry: PrerenderedEntry; params: [string, string][]; html: string }[];

  constructor(pages: { entry: PrerenderedEntry; params: [string, string][]; html: string }[]) {
    this.pages = pages;
  }

  /** The page rendered for this bank and path whose query parameters the request carries (the most specific). */
  find(bankCode: string, path: string, query: string): string | undefined {
    const asked = new URLSearchParams(query);
    let best: { html: string; specificity: number } | undefined;
    for (const { entry, params, html } of this.pages) {
      if (entry.bankCode !== bankCode || entry.path !== path) continue;
      if (!params.every(([key, value]) => asked.get(key) === value)) continue;
      if (!best || params.length > best.specificity) best = { html, specificity: params.length };
    }
    return best?.html;
  }
}

/** The prerendered pages, re-read when the web is rebuilt (the manifest's mtime changes); null when there are none. */
function prerenderedPages(root: string): () => Promise<PrerenderedPages | null> {
  const manifestFile = join(root, 'prerendered', 'manifest.json');
  let cached: { mtimeMs: number; pages: PrerenderedPages } | null = null;
  return async () => {
    try {
      const s = await stat(manifestFile);
      if (!cached || cached.mtimeMs !== s.mtimeMs) {
        const entries = JSON.parse(await readFile(manifestFile, 'utf8')) as PrerenderedEntry[];
        const pages = await Promise.all(
          entries.map(async (entry) => ({
            entry,
            params: [...new URLSearchParams(entry.search)],
            html: await readFile(join(root, normalize(entry.file)), 'utf8'),
          })),
        );
        cached = { mtimeMs: s.mtimeMs, pages: new PrerenderedPages(pages) };
      }
      return cached.pages;
    } catch {
      cached = null;
      return null;
    }
  };
}

function notBuiltPage(bankName: string): string {
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(bankName)} 口座開設</title></head>
<body><main><h1>Webアプリが未ビルドです</h1>
<p>画面（apps/web）がまだビルドされていません。<code>npm run build</code> を実行してから再度アクセスしてください。</p>
<p>API（/api）はこのまま利用できます。</p></main></body></html>
`;
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
