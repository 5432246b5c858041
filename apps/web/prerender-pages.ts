import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import type { PrerenderedPageHtml, pageDocument } from './src/prerender.tsx';

// After the browser build, the pages an applicant lands on from outside (/term, /child/before-check
// and the error pages) are rendered to static HTML for each bank with React's server renderer
// (src/prerender.tsx, built for Node by Vite with the same plugins, so CSS Module class names are
// the browser build's), written into the built index.html, and listed in a manifest the API reads
// to answer by Host and path (docs/decisions/0185-react-with-prerendered-entry.md). The server
// module stays in the build (prerendered/render.js, bundled with its dependencies): the API renders
// the entry pages with it at request time, with the bank's live notices
// (docs/decisions/0216-landing-modal-in-the-first-html.md).

/** Where the pages go, under the web's dist. */
export const prerenderedDir = 'prerendered';

/** The server module (src/prerender.tsx built for Node) under prerenderedDir, which the API loads. */
export const renderModule = 'render.js';

/** One entry of dist/prerendered/manifest.json. */
export interface PrerenderedEntry {
  bankCode: string;
  path: string;
  /** '' answers any query; otherwise the exact query string this page was rendered for. */
  search: string;
  file: string;
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
      const serverOut = join(outDir, prerenderedDir);
      await rm(serverOut, { recursive: true, force: true });
      await build({
        configFile,
        logLevel: 'warn',
        // Everything bundled: the API imports the module from the web's dist, wherever that is.
        ssr: { noExternal: true },
        build: {
          ssr: join(root, 'src/prerender.tsx'),
          outDir: serverOut,
          emptyOutDir: true,
          copyPublicDir: false,
          rolldownOptions: { output: { entryFileNames: renderModule } },
        },
      });
      const { renderLandingPages, pageDocument: toDocument } = (await import(`${pathToFileURL(join(serverOut, renderModule)).href}?t=${Date.now()}`)) as {
        renderLandingPages: () => PrerenderedPageHtml[];
        pageDocument: typeof pageDocument;
      };
      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      const manifest: PrerenderedEntry[] = [];
      for (const page of renderLandingPages()) {
        const variant = page.search === '' ? '' : `.${page.search.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`;
        const file = `${prerenderedDir}/${page.bankCode}${page.path}${variant}.html`;
        await mkdir(dirname(join(outDir, file)), { recursive: true });
        await writeFile(join(outDir, file), toDocument(template, page));
        manifest.push({ bankCode: page.bankCode, path: page.path, search: page.search, file });
      }
      await writeFile(join(outDir, prerenderedDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      this.info?.(`prerendered ${manifest.length} pages`);
    },
  };
}
