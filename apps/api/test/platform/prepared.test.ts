import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { prepared } from '../../src/db/prepared.ts';
import { forEachDialect } from '../helpers/databases.ts';

// Hot queries built once per dialect (docs/decisions/0178-prepared-queries.md): the same rows as the
// query builder, arguments only as values, and never a write to auth_sessions.

forEachDialect((dialect) => {
  let db: Db;
  beforeAll(async () => {
    db = await dialect.createDb();
  });
  afterAll(() => db.close());

  it('answers what the query builder answers, with new values on each call (names in camelCase)', async () => {
    const towns = prepared((k, arg) => k.selectFrom('postalCodes').selectAll().where('postalNumber', '=', arg(0)).orderBy('id').limit(5));
    for (const code of ['8100001', '8600001', '0000000', '8100001']) {
      const built = await db.kysely.selectFrom('postalCodes').selectAll().where('postalNumber', '=', code).orderBy('id').limit(5).execute();
      expect((await towns(db.kysely, [code])).rows).toEqual(built);
    }
  });

  it('keeps one compiled query per shape key', async () => {
    const columns = prepared((k, arg, list) =>
      k
        .selectFrom('postalCodes')
        .select(list.split(',') as 'prefecture'[])
        .where('postalNumber', '=', arg(0)),
    );
    expect((await columns(db.kysely, ['8100001'], 'prefecture')).rows[0]).toEqual({ prefecture: '福岡県' });
    expect((await columns(db.kysely, ['8100001'], 'prefecture,municipality')).rows[0]).toEqual({ prefecture: '福岡県', municipality: '福岡市中央区' });
  });

  it('refuses an argument the query does not use, and writes to auth_sessions', async () => {
    const unused = prepared((k, arg) => k.selectFrom('postalCodes').selectAll().where('postalNumber', '=', arg(0)));
    await expect(unused(db.kysely, ['8100001', 'extra'])).rejects.toThrow(/argument 1 is not a parameter/);
    const revoke = prepared((k, arg) => k.updateTable('authSessions').set({ revokedAt: 1 }).where('id', '=', arg(0)));
    await expect(revoke(db.kysely, ['x'])).rejects.toThrow(/auth_sessions/);
  });
});
