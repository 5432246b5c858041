import { sql } from 'kysely';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Db } from '../database.ts';
import type {
  BanksTable,
  BranchesTable,
  Database,
  InvitationCodesTable,
  MaintenanceWindowsTable,
  NotificationsTable,
  OccupationsTable,
  PostalCodesTable,
  WorkplacesTable,
} from '../schema.ts';

// SQL of the reference-data load (services/platform/reference-data.ts decides what and when).

export type Trx = Transaction<Database>;

/** Key of the PostgreSQL advisory lock that serialises reloads across instances. */
const referenceLockKey = 7_100_177_001;

/** Runs `fn` in a transaction that holds the reference-data lock (one loader at a time). */
export async function inReferenceLock<T>(db: Db, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute(async (trx) => {
    // SQLite: the transaction is BEGIN IMMEDIATE, which already excludes every other writer.
    if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${sql.lit(referenceLockKey)})`.execute(trx);
    return fn(trx);
  });
}

export async function readVersions(db: Db | Trx): Promise<Map<string, string>> {
  const k = 'kysely' in db ? db.kysely : db;
  const rows = await k.selectFrom('referenceDataVersions').select(['name', 'version']).execute();
  return new Map(rows.map((r) => [r.name, r.version]));
}

export interface RecordedVersion {
  version: string;
  rowCount: number;
  loadedAt: number;
  source: string | null;
  dataDate: string | null;
}

/** Every data set's recorded version with where its rows came from and the date of their data. */
export async function readRecordedVersions(db: Db | Trx): Promise<Map<string, RecordedVersion>> {
  const k = 'kysely' in db ? db.kysely : db;
  const rows = await k.selectFrom('referenceDataVersions').select(['name', 'version', 'rowCount', 'loadedAt', 'source', 'dataDate']).execute();
  return new Map(rows.map(({ name, ...r }) => [name, { ...r, rowCount: Number(r.rowCount), loadedAt: Number(r.loadedAt) }]));
}

/** One data set's record, or null (GET /api/health reads the postal table's). */
export async function readRecordedVersion(db: Db, name: string): Promise<RecordedVersion | null> {
  const r = await db.kysely
    .selectFrom('referenceDataVersions')
    .select(['version', 'rowCount', 'loadedAt', 'source', 'dataDate'])
    .where('name', '=', name)
    .executeTakeFirst();
  return r ? { ...r, rowCount: Number(r.rowCount), loadedAt: Number(r.loadedAt) } : null;
}

export async function writeVersion(
  trx: Trx,
  name: string,
  version: string,
  rowCount: number,
  now: number,
  origin: { source: string | null; dataDate: string | null } = { source: null, dataDate: null },
): Promise<void> {
  const values = { version, rowCount, loadedAt: now, source: origin.source, dataDate: origin.dataDate };
  await trx
    .insertInto('referenceDataVersions')
    .values({ name, ...values })
    .onConflict((oc) => oc.column('name').doUpdateSet(values))
    .execute();
}

/**
 * Rows per INSERT statement. The rows travel as ONE JSON text parameter that the database unpacks
 * (json_each on SQLite; jsonb_array_elements on PostgreSQL, as jsonb is parsed once where json would
 * be re-parsed by every ->>): no bound-parameter limit, little SQL to compile, one round trip per
 * batch. Measured in docs/decisions/0014-reference-data-loading.md.
 */
export const postalBatchSize = 10_000;

/**
 * Empties the postal table. PostgreSQL: TRUNCATE (transactional there) leaves no dead rows for the
 * insert to wade through; it locks the table until commit, so address searches on other instances
 * wait for the reload (a few seconds, only when the postal data changed). SQLite's unqualified
 * DELETE is already a truncate.
 */
export async function deletePostalCodes(trx: Trx, dialect: Db['dialect']): Promise<void> {
  if (dialect === 'postgres') await sql`truncate table postal_codes`.execute(trx);
  else await trx.deleteFrom('postalCodes').execute();
}

export async function insertPostalCodes(trx: Trx, dialect: Db['dialect'], rows: readonly PostalCodesTable[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => [
      r.id,
      r.postalNumber,
      r.addressCode,
      r.prefecture,
      r.municipality,
      r.section,
      r.chome,
      r.kanaPrefecture,
      r.kanaMunicipality,
      r.kanaSection,
      r.kanaChome,
    ]),
  );
  const columns = sql`(id, postal_number, address_code, prefecture, municipality, section, chome,
    kana_prefecture, kana_municipality, kana_section, kana_chome)`;
  if (dialect === 'sqlite') {
    await sql`insert into postal_codes ${columns}
      select value->>0, value->>1, value->>2, value->>3, value->>4, value->>5, value->>6, value->>7, value->>8, value->>9, value->>10
      from json_each(${json})`.execute(trx);
  } else {
    await sql`insert into postal_codes ${columns}
      select (value->>0)::integer, value->>1, value->>2, value->>3, value->>4, value->>5, value->>6, value->>7, value->>8, value->>9, value->>10
      from jsonb_array_elements(${json}::jsonb)`.execute(trx);
  }
}

/**
 * Inserts or renames the known banks (migration 069). A bank no longer given is kept: applications
 * may refer to it, and the database refuses to delete it while they do.
 */
export async function upsertBanks(trx: Trx, banks: readonly BanksTable[]): Promise<void> {
  for (const bank of banks) {
    await trx
      .insertInto('banks')
      .values(bank)
      .onConflict((oc) => oc.column('code').doUpdateSet({ name: bank.name }))
      .execute();
  }
}

export interface ReferenceTables {
  occupations: Insertable<OccupationsTable>[];
  branches: Insertable<BranchesTable>[];
  workplaces: Insertable<WorkplacesTable>[];
  invitationCodes: Insertable<InvitationCodesTable>[];
  notifications: Insertable<NotificationsTable>[];
  maintenanceWindows: Insertable<MaintenanceWindowsTable>[];
}

/**
 * Replaces the small reference tables. Notifications and maintenance windows are only seeded: a
 * file row whose id is not in the database yet is added; rows already there belong to staff from
 * then on (they may have edited them) and are left alone, as are the rows staff made
 * (docs/decisions/0160-announcements-seeded-then-owned-by-staff.md).
 */
export async function replaceReferenceTables(trx: Trx, tables: ReferenceTables): Promise<number> {
  await trx.deleteFrom('occupations').execute();
  await trx.deleteFrom('branches').execute();
  await trx.deleteFrom('workplaces').execute();
  await trx.deleteFrom('invitationCodes').execute();
  await insertChunked(trx, 'occupations', tables.occupations);
  await insertChunked(trx, 'branches', tables.branches);
  await insertChunked(trx, 'workplaces', tables.workplaces);
  await insertChunked(trx, 'invitationCodes', tables.invitationCodes);
  const seededNotices = await seededIds(trx, 'notifications');
  const seededWindows = await seededIds(trx, 'maintenanceWindows');
  await insertChunked(
    trx,
    'notifications',
    tables.notifications.filter((n) => !seededNotices.has(Number(n.sourceId))),
  );
  await insertChunked(
    trx,
    'maintenanceWindows',
    tables.maintenanceWindows.filter((m) => !seededWindows.has(Number(m.sourceId))),
  );
  return Object.values(tables).reduce((n, rows) => n + rows.length, 0);
}

async function seededIds(trx: Trx, table: 'notifications' | 'maintenanceWindows'): Promise<Set<number>> {
  const rows = await trx.selectFrom(table).select('sourceId').where('source', '=', 'reference').execute();
  return new Set(rows.map((r) => Number(r.sourceId)));
}

async function insertChunked<T extends keyof Database>(k: Kysely<Database>, table: T, rows: readonly Insertable<Database[T]>[]) {
  for (let i = 0; i < rows.length; i += 500) {
    await k
      .insertInto(table)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- generic over the table; row types are checked by callers
      .values(rows.slice(i, i + 500) as any)
      .execute();
  }
}

export async function countRows(db: Db, table: keyof Database): Promise<number> {
  const row = await db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
