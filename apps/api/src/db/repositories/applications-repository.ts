import { randomUUID } from 'node:crypto';
import type { Selectable, Updateable } from 'kysely';
import type { Transaction } from 'kysely';
import type { ApplicationType, BankCode } from '@koza/domain/constants';
import { fieldsOf, type FieldKey, type FieldRecord } from '@koza/domain/fields/registry';
import type { Db } from '../database.ts';
import { durableTransaction } from '../durable-transaction.ts';
import { prepared } from '../prepared.ts';
import type { ApplicationParentsTable, ApplicationStatus, ApplicationsTable, Database, EpochMs } from '../schema.ts';
import { executor, type Executor } from '../executor.ts';

// Every SQL statement on `applications` and `application_parents`. Services receive rows; the
// API shape of SPEC.md §3 is built from them in services/applicant/application-view.ts.

export type ApplicationRow = Selectable<ApplicationsTable>;
export type ApplicationParentRow = Selectable<ApplicationParentsTable>;

/** A connection or an open transaction: repository functions work inside either. */

/** Statuses of an application still being filled in or checked: verifying again resumes it (DECISIONS.md §3). */
export const openStatuses: readonly ApplicationStatus[] = ['DRAFT', 'PIN_SET', 'EKYC_IN_PROGRESS', 'SUPPLEMENT_REQUIRED', 'READY'];

export interface NewDraft {
  bankCode: BankCode;
  applicationType: ApplicationType;
  mailAddress: string;
  /** Keyed hash of the normalised address (services/applicant/verification.ts mailLookupHash). */
  mailHash: string;
  deviceId: string | null;
  channel: string | null;
  now: EpochMs;
}

/** Inserts a DRAFT application and returns it. */
export async function createDraft(db: Db | Executor, draft: NewDraft): Promise<ApplicationRow> {
  const id = randomUUID();
  await executor(db)
    .insertInto('applications')
    .values({
      id,
      bankCode: draft.bankCode,
      applicationType: draft.applicationType,
      status: 'DRAFT',
      mailAddress: draft.mailAddress,
      mailHash: draft.mailHash,
      deviceId: draft.deviceId,
      channel: draft.channel,
      ...emptyFields,
      createdAt: draft.now,
      updatedAt: draft.now,
    })
    .execute();
  const row = await findById(db, id);
  if (!row) throw new Error('draft application not found after insert');
  return row;
}

/** The newest application of (bank, type, address) that is not completed yet, or null. */
export async function findResumableDraft(
  db: Db | Executor,
  key: { bankCode: BankCode; applicationType: ApplicationType; mailHash: string },
): Promise<ApplicationRow | null> {
  const row = await executor(db)
    .selectFrom('applications')
    .selectAll()
    .where('bankCode', '=', key.bankCode)
    .where('mailHash', '=', key.mailHash)
    .where('applicationType', '=', key.applicationType)
    .where('status', 'in', openStatuses)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

const byId = prepared<ApplicationRow>((k, arg) => k.selectFrom('applications').selectAll().where('id', '=', arg(0)));

export async function findById(db: Db | Executor, id: string): Promise<ApplicationRow | null> {
  return (await byId(executor(db), [id])).rows[0] ?? null;
}

export async function findParentByApplicationId(db: Db | Executor, applicationId: string): Promise<ApplicationParentRow | null> {
  return (await executor(db).selectFrom('applicationParents').selectAll().where('applicationId', '=', applicationId).executeTakeFirst()) ?? null;
}

/** The channel and device of the latest verification (entry inputs may change between visits). */
export async function updateEntryInputs(
  db: Db | Executor,
  id: string,
  values: { deviceId: string | null; channel: string | null; now: EpochMs },
): Promise<void> {
  await executor(db)
    .updateTable('applications')
    .set({ deviceId: values.deviceId, channel: values.channel, updatedAt: values.now })
    .where('id', '=', id)
    .execute();
}

/** Every field of a record as null (the registry's fields, SPEC.md §3). */
const nullFieldsOf = <R extends FieldRecord>(record: R) => Object.fromEntries(fieldsOf(record).map((f) => [f.key, null])) as Record<FieldKey<R>, null>;
// Nullable columns start as null, explicitly (the insert lists every SPEC.md §3 field of the
// registry); the mail address is the verified one the draft starts with.
const { mailAddress: _verified, ...nullApplicationFields } = nullFieldsOf('application');
const emptyFields = {
  ...nullApplicationFields,
  personalSavedAt: null,
  workplaceSavedAt: null,
  parentPersonalSavedAt: null,
  parentWorkplaceSavedAt: null,
  branchSavedAt: null,
  sealLessSavedAt: null,
  pinSetAt: null,
  ekycStartedAt: null,
  ekycPassedAt: null,
  supplementSavedAt: null,
  pinCiphertext: null,
  pinErasedAt: null,
  applicationNumber: null,
  completedAt: null,
} as const;

// ---- saves of the application steps (services/applicant/applications.ts) ----

/** Columns a step save may write (never the id, bank, type, status or the PIN). */
export type StepValues = Omit<Updateable<ApplicationsTable>, 'id' | 'bankCode' | 'applicationType' | 'status' | 'pinCiphertext' | 'pinSetAt'>;

/**
 * Writes a step's values while the application is still a DRAFT without a PIN (DECISIONS.md §5: the
 * inputs are locked once the PIN is set). False when that is no longer so (a PIN set meanwhile).
 */
/** Prepared per list of columns set (shape key): the saves set a few fixed lists. */
const draftStepUpdate = prepared((k, arg, columnList) => {
  const set = Object.fromEntries(columnList.split(',').map((column, i) => [column, arg(i + 1)])) as StepValues;
  return k.updateTable('applications').set(set).where('id', '=', arg(0)).where('status', '=', 'DRAFT').where('pinSetAt', 'is', null);
});

export async function updateDraftStep(db: Db | Executor, id: string, values: StepValues): Promise<boolean> {
  // Kysely leaves out a column whose value is undefined: so does the column list here.
  const columns = (Object.keys(values) as (keyof StepValues)[]).filter((c) => values[c] !== undefined);
  const result = await draftStepUpdate(executor(db), [id, ...columns.map((c) => values[c])], columns.join(','));
  return Number(result.numAffectedRows) === 1;
}

/** Stores the PIN ciphertext and moves DRAFT → PIN_SET, once: false when a PIN is already set. */
export async function setPinOnce(db: Db | Executor, id: string, pinCiphertext: string, now: EpochMs): Promise<boolean> {
  const result = await executor(db)
    .updateTable('applications')
    .set({ pinCiphertext, pinSetAt: now, status: 'PIN_SET', updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'DRAFT')
    .where('pinSetAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- eKYC, documents and completion (services/applicant/ekyc.ts, documents.ts, completion.ts) ----

/**
 * The row, locked for the rest of the transaction on PostgreSQL (SELECT … FOR UPDATE): a second
 * completion of the same application waits here. SQLite's BEGIN IMMEDIATE already serialises writers.
 */
export async function findByIdForUpdate(trx: Transaction<Database>, id: string, dialect: Db['dialect']): Promise<ApplicationRow | null> {
  const query = trx.selectFrom('applications').selectAll().where('id', '=', id);
  return (await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst()) ?? null;
}

/** A session opened at the provider: PIN_SET → EKYC_IN_PROGRESS (a retry stays there). */
export async function markEkycStarted(db: Db | Executor, id: string, now: EpochMs): Promise<boolean> {
  const result = await executor(db)
    .updateTable('applications')
    .set((eb) => ({ status: 'EKYC_IN_PROGRESS', ekycStartedAt: eb.fn.coalesce('ekycStartedAt', eb.val(now)), updatedAt: now }))
    .where('id', '=', id)
    .where('status', 'in', ['PIN_SET', 'EKYC_IN_PROGRESS'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The provider passed the applicant: EKYC_IN_PROGRESS → READY, or SUPPLEMENT_REQUIRED (address mismatch). */
export async function markEkycPassed(db: Db | Executor, id: string, supplementRequired: boolean, now: EpochMs): Promise<boolean> {
  const result = await executor(db)
    .updateTable('applications')
    .set({ status: supplementRequired ? 'SUPPLEMENT_REQUIRED' : 'READY', ekycPassedAt: now, supplementRequired: supplementRequired ? 1 : 0, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'EKYC_IN_PROGRESS')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The current-address document arrived: SUPPLEMENT_REQUIRED → READY. */
export async function markSupplementSaved(db: Db | Executor, id: string, now: EpochMs): Promise<boolean> {
  const result = await executor(db)
    .updateTable('applications')
    .set({ status: 'READY', supplementSavedAt: now, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'SUPPLEMENT_REQUIRED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** READY → COMPLETED with its number, once. */
export async function markCompleted(db: Db | Executor, id: string, applicationNumber: string, now: EpochMs): Promise<boolean> {
  const result = await executor(db)
    .updateTable('applications')
    .set({ status: 'COMPLETED', applicationNumber, completedAt: now, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'READY')
    .where('completedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- the parent of a child application (services/applicant/steps/parent.ts) ----

/** Values of the parent's fields (SPEC.md §3 "Parent application"), some or all. */
export type ParentFieldValues = Partial<Omit<ApplicationParentRow, 'applicationId' | 'createdAt' | 'updatedAt'>>;

/**
 * Writes one of the parent's steps and marks it saved on the application, in one transaction and
 * only while the application is a DRAFT without a PIN (like updateDraftStep). False when it no
 * longer is. The parent row is created by the first of the parent's saves.
 */
export async function saveParentStep(
  db: Db,
  applicationId: string,
  values: ParentFieldValues,
  mark: Pick<StepValues, 'parentPersonalSavedAt' | 'parentWorkplaceSavedAt'>,
  now: EpochMs,
): Promise<boolean> {
  return durableTransaction(db, async (trx) => {
    if (!(await updateDraftStep(trx, applicationId, { ...mark, updatedAt: now }))) return false;
    const updated = await trx
      .updateTable('applicationParents')
      .set({ ...values, updatedAt: now })
      .where('applicationId', '=', applicationId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await trx
        .insertInto('applicationParents')
        .values({ ...emptyParentFields, ...values, applicationId, createdAt: now, updatedAt: now })
        .execute();
    }
    return true;
  });
}

const emptyParentFields = nullFieldsOf('parent');
