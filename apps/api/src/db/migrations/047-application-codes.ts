import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { isPostgres } from './helpers.ts';

// 047: an application's bank code and type are one of the known values, held by the database
// (issue 23, docs/decisions/0207-codes-held-by-the-database.md): PostgreSQL by CHECK constraints,
// SQLite (which cannot add a CHECK to an existing table) by triggers that abort the write. The
// values are written out here, as they were when this migration was released: a new bank is a new
// migration that widens them. Never edited once released.

const banks = ['0177', '0587', '0181'] as const;
const types = ['GENERAL', 'CHILD'] as const;
const list = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table applications add constraint applications_bank_code_known check (bank_code in (${list(banks)}))`.execute(db);
    await sql`alter table applications add constraint applications_type_known check (application_type in (${list(types)}))`.execute(db);
    return;
  }
  for (const event of ['insert', 'update']) {
    await sql`
      create trigger ${sql.raw(`applications_codes_known_${event}`)} before ${sql.raw(event)} on applications
      when new.bank_code not in (${list(banks)}) or new.application_type not in (${list(types)})
      begin select raise(abort, 'unknown bank code or application type'); end
    `.execute(db);
  }
}
