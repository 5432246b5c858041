// Reads a postal-code file an operator downloaded from Japan Post (issue 27, `npm run postal:update`):
// KEN_ALL.CSV (読み仮名データの促音・拗音を小書きで表記するもの, or the classic one), Shift_JIS with CRLF as
// Japan Post ships it, or its UTF-8 edition (utf_ken_all.csv). 15 columns, every field quoted or not:
//   1 JIS municipality code (5 digits)  2 old 5-digit code  3 postal code (7 digits)
//   4–6 prefecture / municipality / town in half-width katakana  7–9 the same in kanji
//   10–15 flags (a town over several codes, 小字 numbering, 丁目, several towns per code, update, reason).
// The same clean-up as the packaged table (postal-build.ts) gives the same kind of rows:
// - a town whose name goes on over several lines (an open "（" whose "）" comes on a following line of
//   the same code) is joined into one row;
// - what Japan Post writes instead of a town becomes '': 以下に掲載がない場合, 'X の次に番地がくる場合';
// - a trailing parenthesised note (（次のビルを除く）, （地階・階層不明）, （１～３丁目）, （その他）…) is removed
//   with its kana counterpart; a floor of a building (（１階）) is kept: it tells two codes apart;
// - exact duplicate rows are kept once; rows are sorted by postal code, stable.
import type { PostalRow } from './postal-table.ts';

export type CsvEncoding = 'shift_jis' | 'utf-8';

/** Decodes the file: UTF-8 when it is valid UTF-8 (a Shift_JIS file with kanji never is), else Shift_JIS; throws otherwise. */
export function decodeJapanPostCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text: text.replace(/^\uFEFF/, ''), encoding: 'utf-8' };
  } catch {
    // not UTF-8
  }
  try {
    return { text: new TextDecoder('shift_jis', { fatal: true }).decode(bytes), encoding: 'shift_jis' };
  } catch {
    throw new Error('the file is neither Shift_JIS (as Japan Post ships KEN_ALL.CSV) nor UTF-8');
  }
}

function csvFields(line: string): string[] {
  const fields: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        const quote = line.indexOf('"', i);
        if (quote === -1) throw new Error('an unclosed quote');
        value += line.slice(i, quote);
        if (line[quote + 1] === '"') {
          value += '"';
          i = quote + 2;
          continue;
        }
        i = quote + 1;
        break;
      }
      fields.push(value);
      if (line[i] === ',') i++;
      else break;
    } else {
      const comma = line.indexOf(',', i);
      if (comma === -1) {
        fields.push(line.slice(i));
        break;
      }
      fields.push(line.slice(i, comma));
      i = comma + 1;
    }
  }
  return fields;
}

export interface KenAllStats {
  lines: number;
  /** Lines joined into the line before them (a town name over several lines). */
  joined: number;
  notesRemoved: number;
  noTown: number;
  duplicates: number;
}

const noTown = /^(以下に掲載がない場合|.+の次に.*番地がくる場合)$/;
const floorNote = /（[０-９]+階）$/;
const trailingNote = /（[^（）]*）$/;
const trailingKanaNote = /\([^()]*\)$/;

/** Why a name field's value may not be loaded (null: it may); the API passes the domain's reference-text rule. */
export type NameCheck = (value: string) => string | null;

/** The name fields of a KEN_ALL line, by their column's name in the file. */
const nameColumns = [
  ['kanaPref', 'prefecture kana (column 4)'],
  ['kanaCity', 'municipality kana (column 5)'],
  ['kanaTown', 'town kana (column 6)'],
  ['pref', 'prefecture (column 7)'],
  ['city', 'municipality (column 8)'],
  ['town', 'town (column 9)'],
] as const;

function firstNameProblem(line: number, names: Record<(typeof nameColumns)[number][0], string>, checkName: NameCheck): string | null {
  for (const [key, label] of nameColumns) {
    const problem = checkName(names[key]);
    if (problem !== null) return `line ${line}: the ${label} ${problem}`;
  }
  return null;
}

/**
 * Parses the decoded text into postal rows (see the rules above); throws with the line number on a
 * malformed line. With `checkName`, `nameProblem` names the first line (a town over several lines: its
 * first) whose name field, as it would be stored, the check refuses.
 */
export function parseKenAll(text: string, checkName?: NameCheck): { rows: PostalRow[]; stats: KenAllStats; nameProblem: string | null } {
  const stats: KenAllStats = { lines: 0, joined: 0, notesRemoved: 0, noTown: 0, duplicates: 0 };
  type Raw = { line: number; code: string; postal: string; kanaPref: string; kanaCity: string; kanaTown: string; pref: string; city: string; town: string };
  const raws: Raw[] = [];
  let open: Raw | undefined;
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    stats.lines++;
    let f: string[];
    try {
      f = csvFields(line);
    } catch (error) {
      throw new Error(`line ${index + 1}: ${(error as Error).message}`, { cause: error });
    }
    if (f.length !== 15) throw new Error(`line ${index + 1}: expected 15 fields (KEN_ALL format), found ${f.length}`);
    const [code, , postal, kanaPref, kanaCity, kanaTown, pref, city, town] = f as [string, string, string, string, string, string, string, string, string];
    if (!/^\d{5}$/.test(code)) throw new Error(`line ${index + 1}: the municipality code ${JSON.stringify(code)} is not 5 digits`);
    if (!/^\d{7}$/.test(postal)) throw new Error(`line ${index + 1}: the postal code ${JSON.stringify(postal)} is not 7 digits`);
    if (!pref || !city) throw new Error(`line ${index + 1}: no prefecture or municipality`);
    if (open && open.postal === postal) {
      open.town += town;
      if (kanaTown !== open.kanaTown) open.kanaTown += kanaTown;
      stats.joined++;
      if (open.town.includes('）')) open = undefined;
      return;
    }
    const raw: Raw = { line: index + 1, code, postal, kanaPref, kanaCity, kanaTown, pref, city, town };
    raws.push(raw);
    open = town.includes('（') && !town.includes('）') ? raw : undefined;
  });

  const seen = new Set<string>();
  const rows: PostalRow[] = [];
  let nameProblem: string | null = null;
  for (const r of raws) {
    let section = r.town;
    let kanaSection = r.kanaTown;
    if (noTown.test(section)) {
      section = '';
      kanaSection = '';
      stats.noTown++;
    } else if (trailingNote.test(section) && !floorNote.test(section)) {
      section = section.replace(trailingNote, '');
      kanaSection = kanaSection.replace(trailingKanaNote, '');
      stats.notesRemoved++;
    }
    const row: PostalRow = {
      postalNumber: r.postal,
      addressCode: r.code,
      prefecture: r.pref,
      municipality: r.city,
      section,
      chome: '',
      kanaPrefecture: r.kanaPref,
      kanaMunicipality: r.kanaCity,
      kanaSection,
      kanaChome: '',
    };
    if (checkName && nameProblem === null) nameProblem = firstNameProblem(r.line, { ...r, kanaTown: kanaSection, town: section }, checkName);
    const key = Object.values(row).join('\t');
    if (seen.has(key)) {
      stats.duplicates++;
      continue;
    }
    seen.add(key);
    rows.push(row);
  }
  // Stable: rows sharing a code keep Japan Post's order.
  rows.sort((a, b) => (a.postalNumber < b.postalNumber ? -1 : a.postalNumber > b.postalNumber ? 1 : 0));
  return { rows, stats, nameProblem };
}
