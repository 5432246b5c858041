import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { addIdentity, epochMs } from './helpers.ts';

// 001: the base of the whole product. Later issues add 002-…, never edit this file once released:
// a migration that ran somewhere is history. Conventions: docs/decisions/0010-0015.
// snake_case names; epoch-ms BIGINT timestamps (*_at); INTEGER 0/1 flags; TEXT JSON (*_json).

export async function up(db: Kysely<unknown>): Promise<void> {
  // ---- reference data ----
  await db.schema
    .createTable('postal_codes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('postal_number', 'text', (c) => c.notNull())
    .addColumn('address_code', 'text', (c) => c.notNull())
    .addColumn('prefecture', 'text', (c) => c.notNull())
    .addColumn('municipality', 'text', (c) => c.notNull())
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('chome', 'text', (c) => c.notNull())
    .addColumn('kana_prefecture', 'text', (c) => c.notNull())
    .addColumn('kana_municipality', 'text', (c) => c.notNull())
    .addColumn('kana_section', 'text', (c) => c.notNull())
    .addColumn('kana_chome', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('postal_codes_postal_number').on('postal_codes').column('postal_number').execute();

  await db.schema
    .createTable('occupations')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('display_number', 'integer', (c) => c.notNull())
    .addColumn('workplace_required', 'text', (c) => c.notNull())
    .addColumn('general_display', 'integer', (c) => c.notNull())
    .addColumn('child_display', 'integer', (c) => c.notNull())
    .addColumn('min_display_age', 'integer')
    .addColumn('max_display_age', 'integer')
    .execute();

  await db.schema
    .createTable('branches')
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('postal_number', 'text', (c) => c.notNull())
    .addColumn('prefecture', 'text', (c) => c.notNull())
    .addColumn('municipality', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('display_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('branches_pk', ['bank_code', 'code'])
    .execute();
  await db.schema.createIndex('branches_bank_municipality').on('branches').columns(['bank_code', 'municipality']).execute();

  await db.schema
    .createTable('workplaces')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('multiple_accounts', 'text', (c) => c.notNull())
    .addUniqueConstraint('workplaces_bank_code', ['bank_code', 'code'])
    .execute();

  await db.schema
    .createTable('invitation_codes')
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('valid_from_at', epochMs)
    .addColumn('valid_until_at', epochMs)
    .addPrimaryKeyConstraint('invitation_codes_pk', ['bank_code', 'code'])
    .execute();

  // Staff manage notifications and maintenance windows too (DECISIONS.md §8): `source` tells the
  // rows of data/ (replaced on reload) from the rows staff add (kept).
  await addIdentity(db, db.schema.createTable('notifications'))
    .addColumn('source', 'text', (c) => c.notNull().check(sqlIn('source', ['reference', 'staff'])))
    .addColumn('source_id', 'integer')
    .addColumn('bank_code', 'text')
    .addColumn('channel', 'text')
    .addColumn('contents', 'text', (c) => c.notNull())
    .addColumn('started_at', epochMs, (c) => c.notNull())
    .addColumn('ended_at', epochMs)
    .execute();
  await db.schema.createIndex('notifications_bank').on('notifications').column('bank_code').execute();
  await db.schema.createIndex('notifications_channel').on('notifications').column('channel').execute();

  await addIdentity(db, db.schema.createTable('maintenance_windows'))
    .addColumn('source', 'text', (c) => c.notNull().check(sqlIn('source', ['reference', 'staff'])))
    .addColumn('source_id', 'integer')
    .addColumn('bank_code', 'text')
    .addColumn('started_at', epochMs, (c) => c.notNull())
    .addColumn('ended_at', epochMs, (c) => c.notNull())
    .addColumn('reason', 'text')
    .execute();
  await db.schema.createIndex('maintenance_windows_ended_at').on('maintenance_windows').column('ended_at').execute();

  await db.schema
    .createTable('reference_data_versions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('loaded_at', epochMs, (c) => c.notNull())
    .execute();

  // ---- mail verification and sessions (DECISIONS.md §3) ----
  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('application_type', 'text', (c) => c.notNull())
    .addColumn('mail_hash', 'text', (c) => c.notNull())
    .addColumn('mail_address', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', epochMs, (c) => c.notNull())
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .execute();
  // "A new code replaces the old one": one live code per bank, application type and address.
  await db.schema.createIndex('verification_codes_key').on('verification_codes').columns(['bank_code', 'application_type', 'mail_hash']).unique().execute();

  // ---- the application (DECISIONS.md §5) ----
  let applications = db.schema
    .createTable('applications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('application_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(
        // Listed literally: a migration must not change when a constant in code changes later.
        sqlIn('status', ['DRAFT', 'PIN_SET', 'EKYC_IN_PROGRESS', 'SUPPLEMENT_REQUIRED', 'READY', 'COMPLETED', 'APPROVED', 'REJECTED']),
      ),
    )
    .addColumn('mail_address', 'text', (c) => c.notNull())
    .addColumn('mail_hash', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text')
    .addColumn('channel', 'text');
  for (const column of applicationTextColumns) applications = applications.addColumn(column, 'text');
  applications = applications
    .addColumn('occupation_id', 'integer')
    .addColumn('workplace_id', 'integer')
    .addColumn('seal_less', 'integer')
    .addColumn('extra_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('personal_saved_at', epochMs)
    .addColumn('workplace_saved_at', epochMs)
    .addColumn('parent_personal_saved_at', epochMs)
    .addColumn('parent_workplace_saved_at', epochMs)
    .addColumn('branch_saved_at', epochMs)
    .addColumn('seal_less_saved_at', epochMs)
    .addColumn('pin_set_at', epochMs)
    .addColumn('ekyc_started_at', epochMs)
    .addColumn('ekyc_passed_at', epochMs)
    .addColumn('supplement_required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('supplement_saved_at', epochMs)
    .addColumn('pin_ciphertext', 'text')
    .addColumn('pin_erased_at', epochMs)
    .addColumn('application_number', 'text')
    .addColumn('completed_at', epochMs)
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('updated_at', epochMs, (c) => c.notNull());
  await applications.execute();
  // Unique per bank; NULLs (not yet completed) do not collide on either dialect.
  await db.schema.createIndex('applications_bank_number').on('applications').columns(['bank_code', 'application_number']).unique().execute();
  // Resuming a draft: same bank, same address, same application type.
  await db.schema.createIndex('applications_resume').on('applications').columns(['bank_code', 'mail_hash', 'application_type', 'status']).execute();
  await db.schema.createIndex('applications_status').on('applications').columns(['bank_code', 'status']).execute();

  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('application_type', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text')
    .addColumn('mail_address', 'text', (c) => c.notNull())
    .addColumn('application_id', 'text', (c) => c.references('applications.id').onDelete('cascade'))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('last_seen_at', epochMs, (c) => c.notNull())
    .addColumn('revoked_at', epochMs)
    .execute();
  await db.schema.createIndex('auth_sessions_application').on('auth_sessions').column('application_id').execute();

  await db.schema
    .createTable('application_parents')
    .addColumn('application_id', 'text', (c) => c.primaryKey().references('applications.id').onDelete('cascade'))
    .addColumn('last_name', 'text')
    .addColumn('first_name', 'text')
    .addColumn('kana_last_name', 'text')
    .addColumn('kana_first_name', 'text')
    .addColumn('birthday', 'text')
    .addColumn('relationship', 'text')
    .addColumn('mobile_phone_number', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('proxy_application_reason', 'text')
    .addColumn('occupation_id', 'integer')
    .addColumn('occupation_name', 'text')
    .addColumn('occupation_other', 'text')
    .addColumn('workplace_name', 'text')
    .addColumn('workplace_phone_number', 'text')
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('application_number_counters')
    .addColumn('bank_code', 'text', (c) => c.primaryKey())
    .addColumn('next_number', 'bigint', (c) => c.notNull())
    .execute();

  // ---- infrastructure ----
  await addIdentity(db, db.schema.createTable('mail_outbox'))
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('sent_at', epochMs)
    .execute();
  await db.schema.createIndex('mail_outbox_to').on('mail_outbox').columns(['to_address', 'created_at']).execute();

  await addIdentity(db, db.schema.createTable('page_views'))
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('application_type', 'text')
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text')
    .addColumn('channel', 'text')
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('page_views_bank_time').on('page_views').columns(['bank_code', 'created_at']).execute();

  await addIdentity(db, db.schema.createTable('rate_limit_events'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_events_key_at').on('rate_limit_events').columns(['key', 'at']).execute();

  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .execute();
}

// SPEC.md §3 "Application" fields kept as TEXT columns (sealLess is the INTEGER flag above).
const applicationTextColumns = [
  'last_name',
  'first_name',
  'kana_last_name',
  'kana_first_name',
  'gender',
  'birthday',
  'era_birthday',
  'mobile_phone_number',
  'phone_number',
  'postal_number',
  'address_code',
  'address_prefecture',
  'address_municipality',
  'address_section',
  'address_chome',
  'kana_address_prefecture',
  'kana_address_municipality',
  'kana_address_section',
  'kana_address_chome',
  'address',
  'sub_address',
  'kana_address',
  'kana_sub_address',
  'temp_address_prefecture',
  'temp_address',
  'kana_temp_address',
  'occupation_name',
  'occupation_other',
  'workplace_code',
  'workplace_name',
  'workplace_phone_number',
  'invitation_code',
  'existed_account_branch_code',
  'existed_account_number',
  'branch_code',
  'branch_name',
  'utilization_purpose',
  'utilization_purpose_other',
  'distance_transaction_reason',
] as const;

function sqlIn(column: string, values: readonly string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}
