import type { Db } from '../database.ts';
import type { PostalCodesTable } from '../schema.ts';

export type PostalCodeRecord = PostalCodesTable;

/** Towns of one postal code, in Japan Post's order. */
export async function findPostalCodes(db: Db, postalNumber: string): Promise<PostalCodeRecord[]> {
  return db.kysely.selectFrom('postalCodes').selectAll().where('postalNumber', '=', postalNumber).orderBy('id').execute();
}
