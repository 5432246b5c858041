import { expect, it } from 'vitest';
import type { PostalRow } from '@koza/data/postal';
import { readPostalVersion } from '@koza/data/postal';
import { referenceDataVersion } from '@koza/data/reference';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { countRows } from '../../src/db/repositories/reference-data-repository.ts';
import { findPostalCodes } from '../../src/db/repositories/postal-codes-repository.ts';
import { banksDataSet, loadReferenceData, postalDataSet, referenceFilesDataSet } from '../../src/services/platform/reference-data.ts';
import { forEachDialect } from '../helpers/databases.ts';

const town = (postalNumber: string, section: string): PostalRow => ({
  postalNumber,
  addressCode: '40133',
  prefecture: '福岡県',
  municipality: '福岡市中央区',
  section,
  chome: '',
  kanaPrefecture: 'ﾌｸｵｶｹﾝ',
  kanaMunicipality: 'ﾌｸｵｶｼﾁｭｳｵｳｸ',
  kanaSection: 'ﾃﾝｼﾞﾝ',
  kanaChome: '',
});

/** A small postal source whose version and rows a test can change. */
function fakePostal(version: string, rows: PostalRow[]) {
  const source = { version, rows, reads: 0 };
  const set = postalDataSet({
    version: () => source.version,
    rows: async function* () {
      source.reads += 1;
      yield* source.rows;
    },
  });
  return { source, set };
}

forEachDialect((dialect) => {
  it('loads the real data once: the postal table, occupations, branches … and records their versions', async () => {
    const db = await dialect.createDb(); // a copy of the template, loaded by the global setup
    const versions = await db.kysely.selectFrom('referenceDataVersions').selectAll().orderBy('name').execute();
    expect(versions.map((v) => [v.name, v.version])).toEqual([
      ['banks', banksDataSet().version()],
      ['postal_codes', readPostalVersion()],
      ['reference_files', referenceDataVersion()],
    ]);
    const postal = versions.find((v) => v.name === 'postal_codes')!;
    expect(postal.rowCount).toBeGreaterThan(120_000);
    expect(await countRows(db, 'postalCodes')).toBe(postal.rowCount);
    expect(await countRows(db, 'occupations')).toBeGreaterThan(0);
    expect(await countRows(db, 'branches')).toBeGreaterThan(0);

    // A second start finds every version unchanged and writes nothing.
    const again = await loadReferenceData(db);
    expect(again.map((r) => [r.name, r.status])).toEqual([
      ['banks', 'unchanged'],
      ['postal_codes', 'unchanged'],
      ['reference_files', 'unchanged'],
    ]);
    const after = await db.kysely.selectFrom('referenceDataVersions').selectAll().orderBy('name').execute();
    expect(after).toEqual(versions);
  });

  it('reloads a data set only when its version changes, replacing its rows', async () => {
    const db = await dialect.createEmptyDb();
    await migrateToLatest(db);
    const { source, set } = fakePostal('v1', [town('8100001', '天神'), town('8100002', '西中洲')]);

    expect((await loadReferenceData(db, [set]))[0]).toMatchObject({ name: 'postal_codes', status: 'loaded', rows: 2 });
    expect((await loadReferenceData(db, [set]))[0]).toMatchObject({ status: 'unchanged' });
    expect(source.reads).toBe(1); // the unchanged run did not even read the data

    source.version = 'v2';
    source.rows = [town('8100001', '天神一丁目')];
    expect((await loadReferenceData(db, [set]))[0]).toMatchObject({ status: 'loaded', rows: 1 });
    expect((await findPostalCodes(db, '8100001')).map((r) => r.section)).toEqual(['天神一丁目']);
    expect(await findPostalCodes(db, '8100002')).toEqual([]);
  });

  it('rolls back a failed reload and keeps the previous rows and version', async () => {
    const db = await dialect.createEmptyDb();
    await migrateToLatest(db);
    await loadReferenceData(db, [fakePostal('v1', [town('8100001', '天神')]).set]);
    const broken = postalDataSet({
      version: () => 'v2',
      rows: async function* () {
        yield town('8100001', '新しい町');
        throw new Error('file truncated');
      },
    });
    await expect(loadReferenceData(db, [broken])).rejects.toThrow('file truncated');
    expect((await findPostalCodes(db, '8100001')).map((r) => r.section)).toEqual(['天神']);
    const version = await db.kysely.selectFrom('referenceDataVersions').select('version').executeTakeFirstOrThrow();
    expect(version.version).toBe('v1');
  });

  it('keeps notifications added by staff when the reference files reload', async () => {
    const db = await dialect.createDb();
    await db.kysely
      .insertInto('notifications')
      .values({ source: 'staff', sourceId: null, bankCode: '0177', channel: null, contents: '臨時のお知らせ', startedAt: 0, endedAt: null })
      .execute();
    const fromFiles = await db.kysely.selectFrom('notifications').where('source', '=', 'reference').select('id').execute();
    expect(fromFiles.length).toBeGreaterThan(0);

    await db.kysely.updateTable('referenceDataVersions').set({ version: 'old' }).where('name', '=', 'reference_files').execute();
    expect((await loadReferenceData(db, [referenceFilesDataSet()]))[0]).toMatchObject({ status: 'loaded' });

    const staff = await db.kysely.selectFrom('notifications').where('source', '=', 'staff').select('contents').execute();
    expect(staff).toEqual([{ contents: '臨時のお知らせ' }]);
    const reloaded = await db.kysely.selectFrom('notifications').where('source', '=', 'reference').select('id').execute();
    expect(reloaded).toHaveLength(fromFiles.length);
  });

  it('lets only one of several instances starting together do the reload', async () => {
    const url = await dialect.createEmptyDatabaseUrl();
    const { openDatabase, parseDatabaseUrl } = await import('../../src/db/database.ts');
    const first = await openDatabase(parseDatabaseUrl(url));
    await migrateToLatest(first);
    const rows = Array.from({ length: 3000 }, (_, i) => town(String(1000000 + i), `町${i}`));
    // SQLite serialises writers per file (and a second process would wait on busy_timeout); in one
    // process the single connection already serialises, so this checks the re-check under the lock.
    const others = dialect.name === 'postgres' ? await Promise.all([1, 2].map(() => openDatabase(parseDatabaseUrl(url)))) : [first, first];
    try {
      const reports = await Promise.all([first, ...others].map((db) => loadReferenceData(db, [fakePostal('v1', rows).set])));
      expect(reports.flat().filter((r) => r.status === 'loaded')).toHaveLength(1);
      expect(await countRows(first, 'postalCodes')).toBe(3000);
    } finally {
      if (dialect.name === 'postgres') await Promise.all(others.map((db) => db.close()));
      await first.close();
    }
  });
});
