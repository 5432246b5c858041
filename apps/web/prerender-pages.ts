import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import type { PrerenderedPageHtml } from './src/prerender.tsx';

// After the browser build, the pages an applicant lands on from outside (/term, /child/before-check
// and the error pages) are rendered to static HTML for each bank with React's server renderer
// (src/prerender.tsx, built for Node by Vite with the same plugins, so CSS Module class names are
// the browser build's), written into the built index.html, and listed in a manifest the API reads
// to answer by Host and path (docs/decisions/0185-react-with-prerendered-entry.md).

/** Where the pages go, under the web's dist. */
export const prerenderedDir = 'prerendered';

/** One entry of dist/prerendered/manifest.json. */
export interface PrerenderedEntry {
  bankCode: string;
  path: string;
  /** '' answers any query; otherwise the exact query string this page was rendered for. */
  search: string;
  file: string;
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The built index.html with the page in #root, its bank and title filled in. */
export function pageDocument(template: string, page: PrerenderedPageHtml, bankName: string): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error('index.html has no empty <div id="root"></div>');
  // crossorigin (anonymous: same-origin credentials) is what the page's own fetch() asks for, so the
  // browser hands the preloaded answer to it.
  const preloads = page.preloads.map((href) => `<link rel="preload" as="fetch" href="${escapeHtml(href)}" crossorigin>`).join('');
  return template
    .replace('</head>', `${preloads}</head>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(root, `<div id="root" data-prerendered="${escapeHtml(page.search)}">${page.body}</div>`)
    .replaceAll('%BANK_CODE%', page.bankCode)
    .replaceAll('%BANK_NAME%', escapeHtml(bankName));
}

export function prerenderPages(): Plugin {
  let root = '';
  let outDir = '';
  let configFile: string | undefined;
  let enabled = false;
  return {
    name: 'koza:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      configFile = config.configFile;
      enabled = !config.build.ssr;
    },
    async closeBundle() {
      if (!enabled) return;
      const serverOut = join(root, 'node_modules', '.prerender');
      await build({
        configFile,
        logLevel: 'warn',
        build: { ssr: join(root, 'src/prerender.tsx'), outDir: serverOut, emptyOutDir: true, copyPublicDir: false },
      });
      const { renderLandingPages } = (await import(`${pathToFileURL(join(serverOut, 'prerender.js')).href}?t=${Date.now()}`)) as {
        renderLandingPages: () => PrerenderedPageHtml[];
      };
      const { getBank } = await import('@koza/domain/banks/banks');
      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      await rm(join(outDir, prerenderedDir), { recursive: true, force: true });
      const manifest: PrerenderedEntry[] = [];
      for (const page of renderLandingPages()) {
        const variant = page.search === '' ? '' : `.${page.search.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`;
        const file = `${prerenderedDir}/${page.bankCode}${page.path}${variant}.html`;
        await mkdir(dirname(join(outDir, file)), { recursive: true });
        await writeFile(join(outDir, file), pageDocument(template, page, getBank(page.bankCode).name));
        manifest.push({ bankCode: page.bankCode, path: page.path, search: page.search, file });
      }
      await writeFile(join(outDir, prerenderedDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      await rm(serverOut, { recursive: true, force: true });
      this.info?.(`prerendered ${manifest.length} pages`);
    },
  };
}
