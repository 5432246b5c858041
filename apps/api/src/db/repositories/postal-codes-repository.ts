import type { Db } from '../database.ts';
import type { PostalCodesTable } from '../schema.ts';

export type PostalCodeRecord = PostalCodesTable;

/** Towns of one postal code, in Japan Post's order. */
export async function findPostalCodes(db: Db, postalNumber: string): Promise<PostalCodeRecord[]> {
  return db.kysely.selectFrom('postalCodes').selectAll().where('postalNumber', '=', postalNumber).orderBy('id').execute();
}

/** Every row's identifying fields, for comparing the table with a new file (`npm run postal:update`). */
export async function readPostalKeys(db: Db): Promise<Pick<PostalCodeRecord, 'postalNumber' | 'addressCode' | 'prefecture' | 'municipality' | 'section'>[]> {
  return db.kysely.selectFrom('postalCodes').select(['postalNumber', 'addressCode', 'prefecture', 'municipality', 'section']).execute();
}

/** The (prefecture, municipality) pairs the banks' branches are in: a postal update must not lose one. */
export async function branchMunicipalities(db: Db): Promise<{ prefecture: string; municipality: string }[]> {
  return db.kysely.selectFrom('branches').select(['prefecture', 'municipality']).distinct().execute();
}
