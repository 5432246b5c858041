import type { Db } from '../database.ts';

export async function readSecret(db: Db, name: string): Promise<string | undefined> {
  const row = await db.kysely.selectFrom('appSecrets').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

/**
 * Stores a value unless one is already there; answers the value that is stored afterwards.
 * Instances racing to create the same secret all end up with the first one written.
 */
export async function insertSecretOnce(db: Db, name: string, value: string, now: number): Promise<string> {
  await db.kysely
    .insertInto('appSecrets')
    .values({ name, value, createdAt: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await readSecret(db, name);
  if (stored === undefined) throw new Error(`secret ${name} was not stored`);
  return stored;
}
