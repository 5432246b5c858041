import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

// Every text asset of the build is written a second and third time, as .br (brotli, best quality)
// and .gz (gzip -9), so the API serves the smaller file with Content-Encoding and never compresses
// the same bytes again per request (docs/decisions/0120-precompressed-assets.md). Done at build
// time with node:zlib: no plugin package, nothing downloaded.
// index.html is left out: the API fills in the bank for each request, so it is never sent as built.

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Only text formats shrink; images and fonts are compressed already. */
const compressible = /\.(?:js|mjs|css|svg|json|webmanifest|txt|map|xml|wasm)$/;
/** Below this, the headers cost more than the bytes saved. */
const minBytes = 512;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes `<file>.br` and `<file>.gz` next to each compressible file of `dir` that they make smaller. */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  const jobs: Promise<void>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!compressible.test(file)) continue;
    jobs.push(
      (async () => {
        const bytes = await readFile(file);
        if (bytes.length < minBytes) return;
        const [br, gzipped] = await Promise.all([
          brotli(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          }),
          gz(bytes, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        // A compressed file no smaller than the original is not worth a second request path.
        if (br.length < bytes.length) await writeFile(`${file}.br`, br);
        if (gzipped.length < bytes.length) await writeFile(`${file}.gz`, gzipped);
        totals.files += 1;
        totals.bytes += bytes.length;
        totals.brotliBytes += Math.min(br.length, bytes.length);
      })(),
    );
  }
  await Promise.all(jobs);
  return totals;
}

/** Vite plugin: precompresses the output directory once the bundle is written (build only). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'koza:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.ssr ? '' : resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      // The prerender's server build (prerender-pages.ts) is not served.
      if (outDir === '') return;
      const t = await precompressDir(outDir);
      this.info?.(`precompressed ${t.files} files: ${(t.bytes / 1024).toFixed(0)} KiB → ${(t.brotliBytes / 1024).toFixed(0)} KiB brotli`);
    },
  };
}
