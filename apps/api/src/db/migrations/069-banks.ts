import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { isPostgres } from './helpers.ts';

// 069 (issue 35, docs/decisions/0227-banks-as-data.md): the known banks are rows of a `banks` table,
// and an application's bank code must be one of them. This replaces the bank list that migration 047
// wrote into a CHECK constraint (PostgreSQL) and triggers (SQLite): a new bank is a row, filled at
// start from the domain's bank rows (services/platform/reference-data.ts, the `banks` data set), and
// no later migration names a bank code.
// - PostgreSQL: a foreign key from applications.bank_code to banks.code.
// - SQLite cannot add a foreign key to an existing table without rebuilding it: triggers look the
//   code up in `banks` on insert and on a change of the code, and refuse to delete or renumber a
//   bank an application refers to (what the foreign key does on PostgreSQL).
// - The application type keeps 047's list (GENERAL, CHILD: a new flow is code anyway).
// The table starts with the codes the applications already use (047 held them to the known banks),
// so existing rows satisfy the key; names are null until the start-up fills the rows.
// Never edited once released.

const types = ['GENERAL', 'CHILD'] as const;
const list = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('banks')
    .addColumn('code', 'text', (c) => c.primaryKey())
    /** The bank's display name (banks.ts); null until the start-up loads the rows. */
    .addColumn('name', 'text')
    .execute();
  await sql`insert into banks (code) select distinct bank_code from applications`.execute(db);

  if (isPostgres(db)) {
    await sql`alter table applications drop constraint applications_bank_code_known`.execute(db);
    await sql`alter table applications add constraint applications_bank_code_fk foreign key (bank_code) references banks (code)`.execute(db);
    return;
  }

  await sql`drop trigger applications_codes_known_insert`.execute(db);
  await sql`drop trigger applications_codes_known_update`.execute(db);
  const unknownBank = sql`not exists (select 1 from banks where code = new.bank_code)`;
  const unknownType = sql`new.application_type not in (${list(types)})`;
  await sql`
    create trigger applications_bank_known_insert before insert on applications
    when ${unknownBank} or ${unknownType}
    begin select raise(abort, 'unknown bank code or application type'); end
  `.execute(db);
  await sql`
    create trigger applications_bank_known_update before update of bank_code, application_type on applications
    when ${unknownBank} or ${unknownType}
    begin select raise(abort, 'unknown bank code or application type'); end
  `.execute(db);
  await sql`
    create trigger banks_in_use_delete before delete on banks
    when exists (select 1 from applications where bank_code = old.code)
    begin select raise(abort, 'the bank has applications'); end
  `.execute(db);
  await sql`
    create trigger banks_in_use_update before update of code on banks
    when new.code <> old.code and exists (select 1 from applications where bank_code = old.code)
    begin select raise(abort, 'the bank has applications'); end
  `.execute(db);
}
