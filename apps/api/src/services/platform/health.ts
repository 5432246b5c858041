import type { Db } from '../../db/database.ts';
import { readRecordedVersion } from '../../db/repositories/reference-data-repository.ts';
import { toJapanIso } from './japan-iso-time.ts';

export interface PostalDataInfo {
  /** The recorded version: sha256 of the packaged table, or `ken-all:<sha256 of the file>`. */
  version: string;
  /** Where the table came from: the packaged snapshot or the Japan Post file loaded by an operator. */
  source: string | null;
  /** The date of Japan Post's data, YYYY-MM-DD. */
  dataDate: string | null;
  rows: number;
  /** When it was loaded into this database, Japan time. */
  loadedAt: string;
}

/**
 * What GET /api/health reports; rejects when the database does not answer. The postal table's
 * origin and date (issue 27) come with the same query that proves the database answers.
 */
export async function checkHealth(db: Db): Promise<{ postalData: PostalDataInfo | null }> {
  const postal = await readRecordedVersion(db, 'postal_codes');
  return {
    postalData: postal && {
      version: postal.version,
      source: postal.source,
      dataDate: postal.dataDate,
      rows: postal.rowCount,
      loadedAt: toJapanIso(postal.loadedAt),
    },
  };
}
