import { Migrator } from 'kysely/migration';
import type { Migration, MigrationResultSet } from 'kysely/migration';
import type { Db } from './database.ts';
import * as m001 from './migrations/001-initial.ts';
import * as m004 from './migrations/004-ekyc-documents-completion.ts';
import * as m010 from './migrations/010-job-runs.ts';
import * as m020 from './migrations/020-back-office.ts';
import * as m030 from './migrations/030-announcements-and-funnel.ts';
import * as m031 from './migrations/031-staff-account-life-cycle.ts';
import * as m032 from './migrations/032-page-views-by-time.ts';
import * as m040 from './migrations/040-auth-session-changes.ts';
import * as m041 from './migrations/041-proxy-reason-minor.ts';
import * as m042 from './migrations/042-shareable-rejection-reason.ts';
import * as m043 from './migrations/043-audit-log-by-application.ts';
import * as m045 from './migrations/045-staff-sign-in-security.ts';
import * as m046 from './migrations/046-audit-chain.ts';
import * as m047 from './migrations/047-application-codes.ts';
import * as m050 from './migrations/050-reference-data-source.ts';
import * as m055 from './migrations/055-staff-passkeys.ts';
import * as m060 from './migrations/060-application-cases.ts';
import * as m061 from './migrations/061-staff-confirmation.ts';
import * as m062 from './migrations/062-staff-changes-and-mode.ts';
import * as m063 from './migrations/063-cancel-proposals.ts';
import * as m066 from './migrations/066-job-outcomes.ts';
import * as m068 from './migrations/068-personal-data-erased.ts';
import * as m069 from './migrations/069-banks.ts';
import * as m070 from './migrations/070-staff-restart-confirmed.ts';
import * as m071 from './migrations/071-handover-outbox.ts';
import * as m072 from './migrations/072-staff-oidc.ts';

// Every migration, in order. Add 002-… here (static list: no directory scanning, works the same
// when the code is bundled or read-only). Names sort as they run.
export const migrations: Readonly<Record<string, Migration>> = {
  '001-initial': m001,
  '004-ekyc-documents-completion': m004,
  '010-job-runs': m010,
  '020-back-office': m020,
  '030-announcements-and-funnel': m030,
  '031-staff-account-life-cycle': m031,
  '032-page-views-by-time': m032,
  '040-auth-session-changes': m040,
  '041-proxy-reason-minor': m041,
  '042-shareable-rejection-reason': m042,
  '043-audit-log-by-application': m043,
  '045-staff-sign-in-security': m045,
  '046-audit-chain': m046,
  '047-application-codes': m047,
  '050-reference-data-source': m050,
  '055-staff-passkeys': m055,
  '060-application-cases': m060,
  '061-staff-confirmation': m061,
  '062-staff-changes-and-mode': m062,
  '063-cancel-proposals': m063,
  '066-job-outcomes': m066,
  '068-personal-data-erased': m068,
  '069-banks': m069,
  '070-staff-restart-confirmed': m070,
  '071-handover-outbox': m071,
  '072-staff-oidc': m072,
};

/**
 * Brings the schema to the latest migration. Safe when several instances start together:
 * PostgreSQL: Kysely's Migrator holds an advisory lock and runs in one transaction;
 * SQLite: the whole run is one BEGIN IMMEDIATE transaction (see node-sqlite.ts), so a second
 * process waits for the first and then finds nothing to do.
 * Resolves to the names of the migrations it ran (empty when the schema was up to date).
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    // Migrations speak snake_case SQL: no CamelCasePlugin for them.
    db: db.kysely.withoutPlugins(),
    provider: { getMigrations: async () => ({ ...migrations }) },
    // Number ranges are handed out to work that lands in any order (050–054 after 055 did): a
    // database that already ran a higher number runs a lower new one too, instead of refusing to
    // start. Each migration stands on its own (it never depends on one numbered after it).
    allowUnorderedMigrations: true,
  });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName;
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(failed ? `migration ${failed} failed: ${reason}` : `migrations could not run: ${reason}`, {
      cause: result.error,
    });
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of the migrations this code knows that the database has not run yet (readiness, decision 0104). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db: db.kysely.withoutPlugins(),
    provider: { getMigrations: async () => ({ ...migrations }) },
  });
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}
