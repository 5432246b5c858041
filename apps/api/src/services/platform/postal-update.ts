import { createHash } from 'node:crypto';
import { decodeJapanPostCsv, parseKenAll } from '@koza/data/postal-ken-all';
import type { CsvEncoding, KenAllStats } from '@koza/data/postal-ken-all';
import type { PostalRow } from '@koza/data/postal';
import { searchedPartMaxLength } from '@koza/domain/fields/address';
import { referenceTextProblem } from '@koza/domain/fields/reference-text';
import { prefectureNames } from '@koza/domain/prefectures';
import type { Db } from '../../db/database.ts';
import { branchMunicipalities, readPostalKeys } from '../../db/repositories/postal-codes-repository.ts';
import { deletePostalCodes, inReferenceLock, insertPostalCodes, postalBatchSize, writeVersion } from '../../db/repositories/reference-data-repository.ts';
import { kenAllSource } from './reference-data.ts';

// `npm run postal:update -- FILE` (issue 27, docs/decisions/0213-postal-data-updates.md): a Japan Post
// KEN_ALL file the operator downloaded is checked against the table in use, the differences are
// shown, and the table is replaced in one transaction. The checks:
// - the encoding: Shift_JIS (as shipped) or UTF-8, decoded without a single invalid byte;
// - the row count within ±5 % of the current table (a truncated download, the wrong file), unless
//   the operator says the change is expected (`allowCountChange`);
// - all 47 prefectures present;
// - no municipality that a bank's branch is in disappears (the branch search would find nothing there);
// - every name field holds what an applicant's field could (domain fields/reference-text.ts: no control
//   or format character, no leading formula character, no markup, at most the searched part's length),
//   the first offending line named.

/** The most the row count may move without `allowCountChange`. */
export const allowedCountChange = 0.05;

export interface PostalUpdatePlan {
  encoding: CsvEncoding;
  stats: KenAllStats;
  /** sha256 of the file: the table's new version. */
  sha256: string;
  rowsBefore: number;
  rowsAfter: number;
  postalCodesAdded: number;
  postalCodesRemoved: number;
  /** Rows (postal code + town) that were not in the table before / are not in the new file. */
  townsAdded: number;
  townsRemoved: number;
  municipalitiesAdded: string[];
  municipalitiesRemoved: string[];
  /** What stops the update (empty: it may go ahead). */
  problems: string[];
}

const municipalityKey = (r: { addressCode: string; prefecture: string; municipality: string }) => `${r.addressCode} ${r.prefecture}${r.municipality}`;

/** Reads and checks `bytes` against the table in `db`; changes nothing. */
export async function planPostalUpdate(
  db: Db,
  bytes: Uint8Array,
  options: { allowCountChange?: boolean } = {},
): Promise<{ plan: PostalUpdatePlan; rows: PostalRow[] }> {
  const { text, encoding } = decodeJapanPostCsv(bytes);
  const { rows, stats, nameProblem } = parseKenAll(text, (value) => referenceTextProblem(value, searchedPartMaxLength));
  const current = await readPostalKeys(db);
  const problems: string[] = [];

  if (nameProblem !== null) problems.push(`${nameProblem}: names reach applicants' addresses, the hand-over file and staff exports`);
  if (text.includes('\uFFFD')) problems.push('the file holds replacement characters (U+FFFD): it was converted with the wrong encoding before');
  const before = current.length;
  if (before > 0 && Math.abs(rows.length - before) / before > allowedCountChange && !options.allowCountChange) {
    problems.push(
      `the row count moves from ${before} to ${rows.length} (${(((rows.length - before) / before) * 100).toFixed(1)} %), more than ±${allowedCountChange * 100} %: ` +
        'a truncated download or another file? (--allow-count-change if it is expected)',
    );
  }
  const prefectures = new Set(rows.map((r) => r.prefecture));
  const missing = prefectureNames.filter((p) => !prefectures.has(p));
  if (missing.length > 0) problems.push(`prefectures missing: ${missing.join(', ')}`);
  const unknown = [...prefectures].filter((p) => !prefectureNames.includes(p));
  if (unknown.length > 0) problems.push(`not prefectures (wrong columns or encoding?): ${unknown.slice(0, 5).join(', ')}`);

  const newMunicipalities = new Set(rows.map((r) => `${r.prefecture}${r.municipality}`));
  const oldMunicipalities = new Set(current.map((r) => `${r.prefecture}${r.municipality}`));
  const lostBranchPlaces = (await branchMunicipalities(db))
    .map((b) => `${b.prefecture}${b.municipality}`)
    .filter((m) => oldMunicipalities.has(m) && !newMunicipalities.has(m));
  if (lostBranchPlaces.length > 0)
    problems.push(`municipalities with a branch would disappear: ${[...new Set(lostBranchPlaces)].join(', ')} (update data/files/branches.json first)`);

  const codes = (list: readonly { postalNumber: string }[]) => new Set(list.map((r) => r.postalNumber));
  const towns = (list: readonly { postalNumber: string; section: string }[]) => new Set(list.map((r) => `${r.postalNumber} ${r.section}`));
  const municipalities = (list: readonly { addressCode: string; prefecture: string; municipality: string }[]) => new Set(list.map(municipalityKey));
  const [oldCodes, newCodes, oldTowns, newTowns, oldMuni, newMuni] = [
    codes(current),
    codes(rows),
    towns(current),
    towns(rows),
    municipalities(current),
    municipalities(rows),
  ];
  const count = (a: Set<string>, b: Set<string>) => [...a].filter((x) => !b.has(x)).length;

  return {
    rows,
    plan: {
      encoding,
      stats,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      rowsBefore: before,
      rowsAfter: rows.length,
      postalCodesAdded: count(newCodes, oldCodes),
      postalCodesRemoved: count(oldCodes, newCodes),
      townsAdded: count(newTowns, oldTowns),
      townsRemoved: count(oldTowns, newTowns),
      municipalitiesAdded: [...newMuni].filter((m) => !oldMuni.has(m)).sort(),
      municipalitiesRemoved: [...oldMuni].filter((m) => !newMuni.has(m)).sort(),
      problems,
    },
  };
}

/**
 * Replaces the postal table by `rows` in one transaction (under the reference-data lock, so a
 * starting instance does not load at the same time) and records version, source and data date.
 * Instances drop their kept address answers when they see the new version (services/applicant/addresses.ts).
 */
export async function applyPostalUpdate(
  db: Db,
  rows: readonly PostalRow[],
  origin: { sha256: string; fileName: string; dataDate: string },
  now: number,
): Promise<void> {
  await inReferenceLock(db, async (trx) => {
    await deletePostalCodes(trx, db.dialect);
    for (let i = 0; i < rows.length; i += postalBatchSize) {
      await insertPostalCodes(
        trx,
        db.dialect,
        rows.slice(i, i + postalBatchSize).map((row, j) => ({ id: i + j + 1, ...row })),
      );
    }
    await writeVersion(trx, 'postal_codes', `ken-all:${origin.sha256}`, rows.length, now, {
      source: `${kenAllSource} (${origin.fileName})`,
      dataDate: origin.dataDate,
    });
  });
}
