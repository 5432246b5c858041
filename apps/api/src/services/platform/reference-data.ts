import { ensurePostalTable, isPostalTableCurrent, packagedPostalData, readPostalRows, readPostalVersion } from '@koza/data/postal';
import type { PostalRow } from '@koza/data/postal';
import {
  readBranches,
  readInvitationCodes,
  readMaintenanceWindows,
  readNotifications,
  readOccupations,
  readWorkplaces,
  referenceDataVersion,
} from '@koza/data/reference';
import { createHash } from 'node:crypto';
import { allBanks } from '@koza/domain/banks/banks';
import type { Db } from '../../db/database.ts';
import {
  deletePostalCodes,
  inReferenceLock,
  insertPostalCodes,
  postalBatchSize,
  readRecordedVersions,
  replaceReferenceTables,
  upsertBanks,
  writeVersion,
} from '../../db/repositories/reference-data-repository.ts';
import type { RecordedVersion, ReferenceTables, Trx } from '../../db/repositories/reference-data-repository.ts';
import type { PostalCodesTable } from '../../db/schema.ts';

// Reference data lives in data/ (DECISIONS.md §7), and the known banks in the domain's bank rows
// (decision 0227); both are copied into the database at start.
// Each data set carries a version (sha256 of its files); a set is reloaded, in one transaction,
// only when its version differs from the one recorded in reference_data_versions. Instances
// starting together take a lock and re-check, so only one of them reloads.

export interface DataSet {
  /** Key in reference_data_versions. */
  name: string;
  version(): string | Promise<string>;
  /** Where the rows come from and the date of their data, recorded with the version. */
  origin?(): { source: string | null; dataDate: string | null };
  /**
   * Whether rows recorded under another version are to be kept all the same: the postal table an
   * operator loaded from a newer Japan Post file is not replaced by the older packaged snapshot.
   */
  keeps?(recorded: RecordedVersion): boolean;
  /** Replaces the set's rows inside the transaction; answers the number of rows written. */
  replace(trx: Trx, dialect: Db['dialect']): Promise<number>;
}

export interface LoadReport {
  name: string;
  status: 'loaded' | 'unchanged';
  rows: number;
  ms: number;
}

export async function loadReferenceData(db: Db, dataSets: readonly DataSet[] = defaultDataSets(), now: () => number = Date.now): Promise<LoadReport[]> {
  const reports: LoadReport[] = [];
  for (const set of dataSets) {
    const started = performance.now();
    const version = await set.version();
    const current = (recorded: RecordedVersion | undefined) => recorded !== undefined && (recorded.version === version || set.keeps?.(recorded) === true);
    // Cheap check first: most starts find every version unchanged and take no lock.
    if (current((await readRecordedVersions(db)).get(set.name))) {
      reports.push({ name: set.name, status: 'unchanged', rows: 0, ms: performance.now() - started });
      continue;
    }
    const rows = await inReferenceLock(db, async (trx) => {
      if (current((await readRecordedVersions(trx)).get(set.name))) return null; // another instance just did it
      const count = await set.replace(trx, db.dialect);
      await writeVersion(trx, set.name, version, count, now(), set.origin?.() ?? { source: null, dataDate: null });
      return count;
    });
    reports.push({ name: set.name, status: rows === null ? 'unchanged' : 'loaded', rows: rows ?? 0, ms: performance.now() - started });
  }
  return reports;
}

/** What a starting instance does: the postal table made sure of, then every data set loaded. */
export async function prepareReferenceData(db: Db, log: (line: string) => void): Promise<void> {
  await ensurePostalTable((line) => log(`postal table: ${line}`));
  for (const r of await loadReferenceData(db)) {
    log(`reference data ${r.name}: ${r.status === 'loaded' ? `loaded ${r.rows} rows in ${Math.round(r.ms)} ms` : 'unchanged'}`);
  }
}

/**
 * Whether a start has nothing to do: the postal table built and up to date, and every data set's
 * version the one the database recorded (what prepareReferenceData would find).
 */
export async function referenceDataCurrent(db: Db, dataSets: readonly DataSet[] = defaultDataSets()): Promise<boolean> {
  if (!(await isPostalTableCurrent())) return false;
  const recorded = await readRecordedVersions(db);
  for (const set of dataSets) {
    const r = recorded.get(set.name);
    if (r === undefined || (r.version !== (await set.version()) && set.keeps?.(r) !== true)) return false;
  }
  return true;
}

/**
 * The known banks (decision 0227): the domain's bank rows (packages/domain/src/banks/banks.ts),
 * upserted into the banks table that applications refer to (migration 069). Its version follows
 * the codes and names, so a new bank is in the table at the first start that knows it.
 */
export function banksDataSet(banks: readonly { code: string; name: string }[] = allBanks): DataSet {
  const rows = banks.map((b) => ({ code: b.code, name: b.name }));
  return {
    name: 'banks',
    version: () => createHash('sha256').update(JSON.stringify(rows)).digest('hex'),
    async replace(trx) {
      await upsertBanks(trx, rows);
      return rows.length;
    },
  };
}

/** The postal table: rows streamed from data/generated/postal-codes.tsv, inserted in batches. */
export function postalDataSet(
  source: { version(): string; rows(): AsyncIterable<PostalRow>; origin?(): { source: string | null; dataDate: string | null } } = {
    version: readPostalVersion,
    rows: readPostalRows,
    origin: packagedPostalData,
  },
): DataSet {
  return {
    name: 'postal_codes',
    version: () => source.version(),
    origin: () => source.origin?.() ?? { source: null, dataDate: null },
    // A Japan Post file an operator loaded (`npm run postal:update`, services/platform/postal-update.ts) whose
    // data is as new as the package's or newer stays (decision 0213).
    keeps: (recorded) => {
      const packaged = source.origin?.().dataDate ?? null;
      return recorded.source?.startsWith(kenAllSource) === true && recorded.dataDate !== null && (packaged === null || recorded.dataDate >= packaged);
    },
    async replace(trx, dialect) {
      await deletePostalCodes(trx, dialect);
      let batch: PostalCodesTable[] = [];
      let id = 0;
      for await (const row of source.rows()) {
        id += 1;
        batch.push({ id, ...row });
        if (batch.length === postalBatchSize) {
          await insertPostalCodes(trx, dialect, batch);
          batch = [];
        }
      }
      await insertPostalCodes(trx, dialect, batch);
      return id;
    },
  };
}

/** The start of `source` of a postal table loaded from a Japan Post file. */
export const kenAllSource = 'Japan Post KEN_ALL';

const epoch = (iso: string | null | undefined): number | null => (iso == null ? null : Date.parse(iso));
const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);

/** Occupations, branches, workplaces, invitation codes, notifications and maintenance windows (data/files). */
export function referenceFilesDataSet(dir?: string): DataSet {
  return {
    name: 'reference_files',
    version: () => referenceDataVersion(dir),
    async replace(trx) {
      const tables: ReferenceTables = {
        occupations: readOccupations(dir).map((o) => ({
          id: o.id,
          name: o.name,
          displayNumber: o.displayNumber,
          workplaceRequired: o.workplaceRequired,
          generalDisplay: flag(o.generalDisplay),
          childDisplay: flag(o.childDisplay),
          minDisplayAge: o.minDisplayAge,
          maxDisplayAge: o.maxDisplayAge,
        })),
        branches: readBranches(dir).map((b, index) => ({
          bankCode: b.bankCode,
          code: b.code,
          name: b.name,
          postalNumber: b.postalNumber,
          prefecture: b.prefecture,
          municipality: b.municipality,
          address: b.address,
          displayNumber: index + 1,
        })),
        workplaces: readWorkplaces(dir).map((w) => ({
          id: w.id,
          bankCode: w.bankCode,
          code: w.code,
          name: w.name,
          phoneNumber: w.phoneNumber,
          multipleAccounts: w.multipleAccounts,
        })),
        invitationCodes: readInvitationCodes(dir).map((c) => ({
          bankCode: c.bankCode,
          code: c.code,
          description: c.description,
          validFromAt: epoch(c.validFrom),
          validUntilAt: epoch(c.validUntil),
        })),
        notifications: readNotifications(dir).map((n) => ({
          source: 'reference' as const,
          sourceId: n.id,
          bankCode: n.bankCode,
          channel: n.channel,
          contents: n.contents,
          displayOrder: n.id,
          startedAt: Date.parse(n.startedAt),
          endedAt: epoch(n.endedAt),
        })),
        maintenanceWindows: readMaintenanceWindows(dir).map((m) => ({
          source: 'reference' as const,
          sourceId: m.id,
          bankCode: m.bankCode,
          startedAt: Date.parse(m.startedAt),
          endedAt: Date.parse(m.endedAt),
          reason: m.reason ?? null,
        })),
      };
      return replaceReferenceTables(trx, tables);
    },
  };
}

export const defaultDataSets = (): DataSet[] => [banksDataSet(), postalDataSet(), referenceFilesDataSet()];
