import type { Bank } from '@koza/domain/banks/banks';
import { isHomeOrNeighbour } from '@koza/domain/banks/banks';
import { formatIsoDate, japaneseEraYear, toJapanDate } from '@koza/domain/dates';
import { isSaveCallOf, lockedAfterPin, missingSteps } from '@koza/domain/flows';
import type { SaveCall, SavedStep } from '@koza/domain/flows';
import { joinPurposes } from '@koza/domain/fields/purposes';
import { fieldValuesIn } from '@koza/domain/fields/registry';
import { messages } from '@koza/domain/messages';
import { checkPin } from '@koza/domain/pin-rules';
import { branchSchema } from '@koza/domain/steps/branch';
import { addressMode, personalSchema, residencePrefecture } from '@koza/domain/steps/personal';
import type { PersonalContext } from '@koza/domain/steps/personal';
import { sealLessSchema } from '@koza/domain/steps/seal-less';
import { validateStep } from '@koza/domain/steps/validate-step';
import type { FieldError } from '@koza/domain/steps/validate-step';
import { workplaceSchema } from '@koza/domain/steps/workplace';
import type { Clock } from '../../adapters/clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { durableTransaction } from '../../db/durable-transaction.ts';
import { findById, findParentByApplicationId, setPinOnce, updateDraftStep } from '../../db/repositories/applications-repository.ts';
import type { ApplicationRow, StepValues } from '../../db/repositories/applications-repository.ts';
import { branchMunicipalities, findPostalTowns, findValidInvitationCode, findWorkplaceById } from '../../db/repositories/reference-lookups-repository.ts';
import { conflict, FieldValidationError, Refusal } from '../platform/refusals.ts';
import { unprintableFieldErrors } from '../platform/forbidden-characters.ts';
import { pinKeyPair } from '../platform/pin-key.ts';
import { childStepsUndoneBy } from './steps/child-personal.ts';
import { memoised } from '../platform/schema-cache.ts';
import { decryptSubmittedPin, encryptPinForStorage } from './pin.ts';
import {
  branchList,
  isInResidenceMunicipality,
  isMultipleAccountsPermitted,
  isOccupationAllowedFor,
  maxIntegerId,
  occupationById,
} from './reference-lookups.ts';
import type { Residence } from './reference-lookups.ts';

// The save calls of the application steps (DECISIONS.md §5, SPEC.md §7):
//   POST /api/applications/personal | workplace | branch | seal-less, POST /api/pin.
// Each one: the order of the flow (flows.ts saveRequirements; after the PIN the inputs are locked)
// → 409; the WHOLE payload through the domain's screen schema (the web's rules, normalised first)
// → 400 { errors }; then what only the database knows (postal code, residence eligibility,
// occupation, workplace, invitation code, branch) → 400 { errors } with the same messages; then
// the row is updated while it is still a draft (a PIN set meanwhile wins: 409).

export interface SaveDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'pinDataKey' | 'pinPrivateKeyPem' | 'isProduction'>;
}

/** What a save call needs to know about the request. */
export interface SaveRequest {
  bank: Bank;
  application: ApplicationRow;
  body: unknown;
}

/** The steps the row records as saved (documents and eKYC are recorded by their own issues). */
export function savedStepsOf(row: ApplicationRow): SavedStep[] {
  const marks: [SavedStep, number | null][] = [
    ['personal', row.personalSavedAt],
    ['workplace', row.workplaceSavedAt],
    ['parentPersonal', row.parentPersonalSavedAt],
    ['parentWorkplace', row.parentWorkplaceSavedAt],
    ['branch', row.branchSavedAt],
    ['sealLess', row.sealLessSavedAt],
    ['pin', row.pinSetAt],
    ['ekyc', row.ekycStartedAt],
  ];
  return marks.filter(([, at]) => at !== null).map(([step]) => step);
}

/** 409 when the call does not belong to the flow, is locked after the PIN, or comes before its predecessors. */
export function assertSaveAllowed(row: ApplicationRow, call: SaveCall): void {
  const type = row.applicationType;
  if (!isSaveCallOf(type, call)) throw conflict();
  const pinSet = row.pinSetAt !== null || row.status !== 'DRAFT';
  if (pinSet && (call === 'pin' || (lockedAfterPin[type] as readonly string[]).includes(call))) throw conflict();
  if (missingSteps(type, call, savedStepsOf(row)).length > 0) throw conflict();
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What every save checks before its schema: a bankCode in the payload must be the bank of the host
 * (DECISIONS.md §2), and no text may hold control characters or lone surrogates (http/text-input.ts).
 */
export function assertBodyBasics(body: unknown, bank: Bank): void {
  if (isRecord(body) && body.bankCode !== undefined && body.bankCode !== null && body.bankCode !== bank.code) {
    throw new FieldValidationError([{ field: 'bankCode', message: messages.bankMismatch }]);
  }
  const unprintable = unprintableFieldErrors(body);
  if (unprintable.length > 0) throw new FieldValidationError(unprintable);
}

export function valid<T>(result: { ok: true; value: T } | { ok: false; errors: FieldError[] }): T {
  if (!result.ok) throw new FieldValidationError(result.errors);
  return result.value;
}

/**
 * The application's fields a validated step carries, as columns (the field registry's keys; the
 * step schemas' outputs are the stored values). Looked-up values follow them in the caller.
 */
export const typedColumns = (v: object): StepValues => fieldValuesIn('application', v) as StepValues;

export async function update(db: Db, row: ApplicationRow, values: Parameters<typeof updateDraftStep>[2]): Promise<void> {
  // The row is updated only while it is still a draft without a PIN: a PIN set meanwhile wins.
  if (!(await durableTransaction(db, (trx) => updateDraftStep(trx, row.id, values)))) throw conflict();
}

/** The residence the saved personal data gives (searched municipality, or the typed temporary address). */
export function residenceOf(
  row: Pick<ApplicationRow, 'addressCode' | 'addressPrefecture' | 'addressMunicipality' | 'tempAddressPrefecture' | 'tempAddress'>,
): Residence {
  const mode = addressMode(row);
  if (mode === 'SEARCHED') return { prefecture: row.addressPrefecture, municipality: row.addressMunicipality, typedAddress: null };
  if (mode === 'TEMPORARY') return { prefecture: row.tempAddressPrefecture, municipality: null, typedAddress: row.tempAddress };
  return { prefecture: null, municipality: null, typedAddress: null };
}

/**
 * Residence eligibility (DECISIONS.md §5, docs/decisions/0043-residence-eligibility.md): the bank's
 * home prefecture, one of its listed neighbouring prefectures, or a municipality with a branch.
 */
export async function isEligibleResidence(db: Db, bank: Bank, residence: Residence): Promise<boolean> {
  if (residence.prefecture === null) return false;
  if (isHomeOrNeighbour(bank, residence.prefecture)) return true;
  const municipalities = await branchMunicipalities(db, bank.code, residence.prefecture);
  return municipalities.some((municipality) => isInResidenceMunicipality({ prefecture: residence.prefecture!, municipality }, residence));
}

/** The personal schema of a context, built once per bank, type and day (schema-cache.ts). */
const personalSchemaOf = memoised(
  (ctx: PersonalContext & { today: string }) =>
    [ctx.today, ctx.applicationType, ctx.homePrefecture, ctx.asksDistanceReason, ...(ctx.purposeChoices ?? [])].join('\u0000'),
  personalSchema,
);
const workplaceSchemaOf = memoised((ctx: Parameters<typeof workplaceSchema>[0]) => JSON.stringify(ctx), workplaceSchema);

export async function savePersonal({ db, clock }: SaveDeps, { bank, application, body }: SaveRequest): Promise<void> {
  assertSaveAllowed(application, 'personal');
  assertBodyBasics(body, bank);
  const now = clock.now();
  const ctx: PersonalContext & { today: string } = {
    // The day in Japan, as the birthday rule reads a Date: equal contexts share one schema.
    today: formatIsoDate(toJapanDate(now)),
    applicationType: application.applicationType,
    homePrefecture: bank.homePrefecture,
    asksDistanceReason: bank.asksDistanceReason,
    purposeChoices: bank.purposeChoices,
  };
  const v = valid(validateStep(personalSchemaOf(ctx), body));

  const mode = addressMode(v);
  if (mode === 'SEARCHED') {
    // The searched parts must be a town the address search offers for this postal code.
    const towns = await findPostalTowns(db, v.postalNumber, v.addressCode ?? '');
    const offered = towns.some(
      (t) =>
        t.prefecture === v.addressPrefecture &&
        t.municipality === v.addressMunicipality &&
        t.section === (v.addressSection ?? '') &&
        t.chome === (v.addressChome ?? ''),
    );
    if (!offered) throw new FieldValidationError([{ field: 'addressCode', message: messages.addressNotSearched }]);
  }
  const residence = residenceOf(v);
  if (residencePrefecture(v) !== null && !(await isEligibleResidence(db, bank, residence))) {
    const field = mode === 'SEARCHED' ? 'addressPrefecture' : 'tempAddressPrefecture';
    throw new FieldValidationError([{ field, message: messages.residenceNotEligible }]);
  }

  await update(db, application, {
    ...typedColumns(v),
    eraBirthday: japaneseEraYear(v.birthday),
    utilizationPurpose: joinPurposes(bank.purposeChoices, v.utilizationPurpose),
    // Child flow: a later step this change breaks must be saved again (services/applicant/steps/child-personal.ts).
    ...(application.applicationType === 'CHILD' ? await childStepsUndoneBy(db, application, v, now) : {}),
    personalSavedAt: now.getTime(),
    updatedAt: now.getTime(),
  });
}

/** A positive integer id as a payload may carry it (number or digit string), else null. */
const idOf = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : NaN;
  // Ids are INTEGER columns: a larger number is no id (and PostgreSQL would refuse to compare it).
  return Number.isSafeInteger(n) && n > 0 && n <= maxIntegerId ? n : null;
};

const isGiven = (v: unknown): boolean => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');

/** POST /api/applications/workplace of the general flow (the child's: steps/child-workplace.ts). */
export async function saveWorkplace({ db, clock }: SaveDeps, { bank, application, body }: SaveRequest): Promise<void> {
  assertSaveAllowed(application, 'workplace');
  assertBodyBasics(body, bank);
  const now = clock.now();
  const raw = isRecord(body) ? body : {};

  // What the schema's context needs comes from the database: the occupation's requirement and
  // whether the applied workplace allows a second account.
  const occupation = await occupationById(db, raw.occupationId);
  const workplaceId = idOf(raw.workplaceId);
  const workplace = workplaceId === null ? null : await findWorkplaceById(db, bank.code, workplaceId);
  const ctx = { occupation: occupation?.context ?? null, multipleAccountsPermitted: workplace !== null && isMultipleAccountsPermitted(workplace) };
  const result = validateStep(workplaceSchemaOf(ctx), body);

  const errors: FieldError[] = result.ok ? [] : [...result.errors];
  const add = (field: string, message: string) => {
    if (!errors.some((e) => e.field === field)) errors.push({ field, message });
  };
  if (occupation === null) add('occupationId', messages.selectRequired);
  // The list offers only the occupations allowed for the type and age: any other cannot have been
  // chosen there.
  if (occupation !== null && !isOccupationAllowedFor(occupation.row, 'GENERAL', application.birthday, now)) {
    add('occupationId', messages.selectRequired);
  }
  if (isGiven(raw.workplaceId) && workplace === null) add('workplaceId', messages.workplaceCodeNotFound);
  if (result.ok && result.value.invitationCode !== null) {
    if (!(await findValidInvitationCode(db, bank.code, result.value.invitationCode, now.getTime()))) {
      add('invitationCode', messages.invitationCodeNotFound);
    }
  }
  if (errors.length > 0 || !result.ok || occupation === null) throw new FieldValidationError(errors);
  const v = result.value;

  await update(db, application, {
    // The existing account's numbers come zero-padded to 3 and 7 digits from the domain schema.
    ...typedColumns(v),
    occupationId: occupation.row.id,
    occupationName: occupation.row.name,
    workplaceCode: workplace?.code ?? null,
    workplaceId: workplace?.id ?? null,
    workplaceSavedAt: now.getTime(),
    updatedAt: now.getTime(),
  });
}

export async function saveBranch({ db, clock }: SaveDeps, { bank, application, body }: SaveRequest): Promise<void> {
  assertSaveAllowed(application, 'branch');
  assertBodyBasics(body, bank);
  const v = valid(validateStep(branchSchema, body));
  // Only a branch the list offers this applicant (GET /api/branch).
  const offered = await branchList(db, bank, application.applicationType, residenceOf(application));
  const branch = offered.find((b) => b.code === v.branchCode);
  if (!branch) throw new FieldValidationError([{ field: 'branchCode', message: messages.selectRequired }]);
  const now = clock.now().getTime();
  await update(db, application, { branchCode: branch.code, branchName: branch.name, branchSavedAt: now, updatedAt: now });
}

export async function saveSealLess({ db, clock }: SaveDeps, { bank, application, body }: SaveRequest): Promise<void> {
  assertSaveAllowed(application, 'sealLess');
  assertBodyBasics(body, bank);
  const v = valid(validateStep(sealLessSchema, body));
  const now = clock.now().getTime();
  await update(db, application, { sealLess: v.sealLess ? 1 : 0, sealLessSavedAt: now, updatedAt: now });
}

/**
 * POST /api/pin: decrypt, re-check every PIN rule against the SAVED application (and its parent for
 * a child application), keep it only encrypted, status → PIN_SET. Nothing about the PIN is logged.
 */
export async function setPin({ db, clock, config }: SaveDeps, { application, body }: Omit<SaveRequest, 'bank'>): Promise<void> {
  assertSaveAllowed(application, 'pin');
  const { privateKey } = await pinKeyPair(db, config);
  const pin = decryptSubmittedPin(isRecord(body) ? body.code : undefined, privateKey);
  if (pin === null) throw new FieldValidationError([{ field: 'code', message: messages.pinFormat }]);
  const parent = application.applicationType === 'CHILD' ? await findParentByApplicationId(db, application.id) : null;
  const broken = checkPin(pin, null, { ...application, parent });
  if (broken.length > 0) throw new FieldValidationError([{ field: 'code', message: broken[0]! }]);
  const ciphertext = encryptPinForStorage(pin, application.id, config.pinDataKey);
  if (!(await durableTransaction(db, (trx) => setPinOnce(trx, application.id, ciphertext, clock.now().getTime())))) throw conflict();
}

/** The application of the caller's session (routes behind guards.applicant); 401 when it is gone. */
export async function sessionApplication(db: Db, auth: { applicationId: string; bankCode: string }): Promise<ApplicationRow> {
  const row = await findById(db, auth.applicationId);
  if (!row || row.bankCode !== auth.bankCode) throw new Refusal('unauthenticated');
  return row;
}
