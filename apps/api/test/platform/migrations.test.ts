import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { expect, it } from 'vitest';
import { allBanks, getBank } from '@koza/domain/banks/banks';
import { bankCodes } from '@koza/domain/constants';
import type { ApplicationType, BankCode } from '@koza/domain/constants';
import { migrateToLatest, migrations } from '../../src/db/migrate.ts';
import { banksDataSet, loadReferenceData } from '../../src/services/platform/reference-data.ts';
import { openDatabase, parseDatabaseUrl } from '../../src/db/database.ts';
import { forEachDialect } from '../helpers/databases.ts';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

/** A 4-digit code that is not one of the banks' (the highest free one). */
const unusedBankCode = (): string => {
  for (let n = 9999; ; n--) if (!(bankCodes as readonly string[]).includes(String(n))) return String(n);
};

const baseTables = [
  'postal_codes',
  'occupations',
  'branches',
  'workplaces',
  'invitation_codes',
  'notifications',
  'maintenance_windows',
  'reference_data_versions',
  'verification_codes',
  'auth_sessions',
  'applications',
  'application_parents',
  'application_number_counters',
  'mail_outbox',
  'page_views',
  'rate_limit_events',
  'app_secrets',
];

forEachDialect((dialect) => {
  it('creates every base table on an empty database, then has nothing left to do', async () => {
    const db = await dialect.createEmptyDb();
    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
    const tables = (await db.kysely.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(baseTables));

    expect(await migrateToLatest(db)).toEqual([]);
    const executed = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db.kysely);
    expect(executed.rows.map((r) => r.name)).toEqual(Object.keys(migrations));
  });

  it('runs a new migration numbered below one the database already ran (ranges handed out to parallel work)', async () => {
    const db = await dialect.createEmptyDb();
    const { '050-reference-data-source': lower, ...others } = migrations;
    expect(lower).toBeDefined();
    const earlier = new Migrator({ db: db.kysely.withoutPlugins(), provider: { getMigrations: async () => others } });
    expect((await earlier.migrateToLatest()).error).toBeUndefined();
    expect(await migrateToLatest(db)).toEqual(['050-reference-data-source']);
    const columns = (await db.kysely.introspection.getTables()).find((t) => t.name === 'reference_data_versions')!.columns.map((c) => c.name);
    expect(columns).toEqual(expect.arrayContaining(['source', 'data_date']));
  });

  it('keeps application numbers unique per bank, and lets two banks use the same number', async () => {
    const db = await dialect.createDb();
    const row = (id: string, bankCode: BankCode, applicationNumber: string | null) => ({
      id,
      bankCode,
      applicationType: 'GENERAL' as const,
      status: 'COMPLETED' as const,
      mailAddress: `${id}@example.jp`,
      mailHash: id,
      applicationNumber,
      createdAt: 1,
      updatedAt: 1,
    });
    await db.kysely
      .insertInto('applications')
      .values([row('a', '0177', '0000001'), row('b', '0587', '0000001'), row('c', '0177', null), row('d', '0177', null)])
      .execute();
    await expect(
      db.kysely
        .insertInto('applications')
        .values(row('e', '0177', '0000001'))
        .execute(),
    ).rejects.toThrow();
  });

  it('refuses a status outside the documented states', async () => {
    const db = await dialect.createDb();
    await expect(
      db.kysely
        .insertInto('applications')
        .values({
          id: 'x',
          bankCode: '0177',
          applicationType: 'GENERAL',
          status: 'LOST' as 'DRAFT',
          mailAddress: 'a@b.jp',
          mailHash: 'h',
          createdAt: 1,
          updatedAt: 1,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('refuses a bank code missing from the banks table or an unknown application type, on insert and on update (migrations 069, 047)', async () => {
    const db = await dialect.createDb();
    const row = {
      id: 'k',
      bankCode: '0177' as BankCode,
      applicationType: 'GENERAL' as ApplicationType,
      status: 'DRAFT' as const,
      mailAddress: 'a@b.jp',
      mailHash: 'h',
      createdAt: 1,
      updatedAt: 1,
    };
    await expect(
      db.kysely
        .insertInto('applications')
        .values({ ...row, bankCode: '9999' as BankCode })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db.kysely
        .insertInto('applications')
        .values({ ...row, applicationType: 'ADULT' as ApplicationType })
        .execute(),
    ).rejects.toThrow();
    await db.kysely.insertInto('applications').values(row).execute();
    await expect(
      db.kysely
        .updateTable('applications')
        .set({ bankCode: '0000' as BankCode })
        .where('id', '=', 'k')
        .execute(),
    ).rejects.toThrow();
    await expect(
      db.kysely
        .updateTable('applications')
        .set({ applicationType: 'child' as ApplicationType })
        .where('id', '=', 'k')
        .execute(),
    ).rejects.toThrow();
    const kept = await db.kysely.selectFrom('applications').select(['bankCode', 'applicationType']).where('id', '=', 'k').executeTakeFirstOrThrow();
    expect(kept).toEqual({ bankCode: '0177', applicationType: 'GENERAL' });
  });

  it('knows every bank of the domain once the start has loaded the banks, and no other', async () => {
    const db = await dialect.createDb(); // migrated and loaded like a start (global setup)
    const rows = await db.kysely.selectFrom('banks').selectAll().orderBy('code').execute();
    expect(rows).toEqual(allBanks.map((b) => ({ code: b.code, name: b.name })).sort((a, b) => a.code.localeCompare(b.code)));
    const row = { applicationType: 'GENERAL' as const, status: 'DRAFT' as const, mailAddress: 'a@b.jp', mailHash: 'h', createdAt: 1, updatedAt: 1 };
    await db.kysely
      .insertInto('applications')
      .values(allBanks.map((b) => ({ ...row, id: `id-${b.code}`, bankCode: b.code })))
      .execute();
    // A bank with applications is not deleted or renumbered (the foreign key; triggers on SQLite).
    const [first] = allBanks;
    await expect(db.kysely.deleteFrom('banks').where('code', '=', first.code).execute()).rejects.toThrow();
    await expect(db.kysely.updateTable('banks').set({ code: '9998' }).where('code', '=', first.code).execute()).rejects.toThrow();
  });

  it('takes a database of migration 047 forward: its applications kept, a new bank a row and no migration', async () => {
    const db = await dialect.createEmptyDb();
    const { '069-banks': banksMigration, ...before } = migrations;
    expect(banksMigration).toBeDefined();
    const earlier = new Migrator({ db: db.kysely.withoutPlugins(), provider: { getMigrations: async () => before }, allowUnorderedMigrations: true });
    expect((await earlier.migrateToLatest()).error).toBeUndefined();
    const row = { applicationType: 'GENERAL' as const, status: 'DRAFT' as const, mailAddress: 'a@b.jp', mailHash: 'h', createdAt: 1, updatedAt: 1 };
    await db.kysely
      .insertInto('applications')
      .values({ ...row, id: 'old', bankCode: '0587' })
      .execute();

    expect(await migrateToLatest(db)).toEqual(['069-banks']);
    // The codes in use are known before any start loaded the banks.
    expect(await db.kysely.selectFrom('banks').selectAll().execute()).toEqual([{ code: '0587', name: null }]);
    await expect(
      db.kysely
        .insertInto('applications')
        .values({ ...row, id: 'new', bankCode: '0177' })
        .execute(),
    ).rejects.toThrow();

    // A bank added later: a row of the domain, loaded at start; no migration names it.
    const newcomer = { code: unusedBankCode(), name: '新銀行' };
    await loadReferenceData(db, [banksDataSet([...allBanks, newcomer])]);
    expect((await db.kysely.selectFrom('banks').select('code').orderBy('code').execute()).map((b) => b.code)).toEqual([...bankCodes, newcomer.code].sort());
    expect(await db.kysely.selectFrom('banks').select('name').where('code', '=', '0587').executeTakeFirst()).toEqual({ name: getBank('0587').name });
    await db.kysely
      .insertInto('applications')
      .values([
        { ...row, id: 'new', bankCode: '0177' },
        { ...row, id: 'newcomer', bankCode: newcomer.code as BankCode },
      ])
      .execute();
    await expect(
      db.kysely
        .updateTable('applications')
        .set({ bankCode: 'none' as BankCode })
        .where('id', '=', 'old')
        .execute(),
    ).rejects.toThrow();
    expect(await db.kysely.selectFrom('applications').select(['id', 'bankCode']).orderBy('id').execute()).toEqual([
      { id: 'new', bankCode: '0177' },
      { id: 'newcomer', bankCode: newcomer.code },
      { id: 'old', bankCode: '0587' },
    ]);
  });

  it('enforces foreign keys (SQLite has them off unless asked)', async () => {
    const db = await dialect.createDb();
    await expect(db.kysely.insertInto('applicationParents').values({ applicationId: 'missing', createdAt: 1, updatedAt: 1 }).execute()).rejects.toThrow();
  });

  it('stores epoch milliseconds and counts as plain numbers', async () => {
    const db = await dialect.createDb();
    const at = Date.parse('2026-04-01T09:00:00+09:00');
    await db.kysely
      .insertInto('rateLimitEvents')
      .values([
        { key: 'k', at },
        { key: 'k', at: at + 1 },
      ])
      .execute();
    const rows = await db.kysely.selectFrom('rateLimitEvents').select('at').orderBy('at').execute();
    expect(rows).toEqual([{ at }, { at: at + 1 }]);
    const count = await db.kysely
      .selectFrom('rateLimitEvents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(2);
  });

  it('migrates safely when three instances start at the same moment', async () => {
    const url = await dialect.createEmptyDatabaseUrl();
    const runs = await Promise.all([1, 2, 3].map(() => runMigrateProcess(url)));
    for (const run of runs) expect(run, run.output).toMatchObject({ code: 0 });
    expect(runs.filter((r) => r.output.includes('migrated: 001-initial'))).toHaveLength(1);
    expect(runs.filter((r) => r.output.includes('schema up to date'))).toHaveLength(2);

    const db = await openDatabase(parseDatabaseUrl(url));
    try {
      const executed = await sql<{ name: string }>`select name from kysely_migration`.execute(db.kysely);
      expect(executed.rows).toHaveLength(Object.keys(migrations).length);
    } finally {
      await db.close();
    }
  });
});

function runMigrateProcess(databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['src/main-migrate.ts', '--no-reference-data'], {
      cwd: apiDir,
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}
