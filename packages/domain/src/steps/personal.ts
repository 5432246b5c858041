// /personal: the applicant's personal data, as POST /api/applications/personal sends it
// (SPEC.md §3, §5, §7). The child flow reuses it with the child's birthday rule (child-personal.ts).

import { z } from 'zod';
import { messages } from '../messages.ts';
import type { ApplicationType } from '../constants.ts';
import type { DateInput } from '../dates.ts';
import { askedShape } from '../fields/registry.ts';
import { kanaNameLengthError } from '../fields/kana-name.ts';
import { nameLengthError } from '../fields/name.ts';
import { otherLabel } from '../fields/purposes.ts';
import { isDistanceReasonRequired } from '../fields/distance-reason.ts';
import { refineFields } from './validate-step.ts';

export interface PersonalContext {
  /** Today's date from the caller's clock. */
  today: DateInput;
  /** GENERAL (18 or over) or CHILD (born and under 18): the person asked, hence the birthday rule. Default GENERAL. */
  applicationType?: ApplicationType;
  /** The bank's home prefecture and whether it asks a distance-transaction reason (Bank data). */
  homePrefecture: string;
  asksDistanceReason: boolean;
  /** The bank's purpose labels; when given, other labels are refused. */
  purposeChoices?: readonly string[];
}

/** Who the personal step asks: the applicant of the general flow or the child of the child flow. */
export const personalPerson = (type: ApplicationType = 'GENERAL'): 'applicant' | 'child' => (type === 'CHILD' ? 'child' : 'applicant');

/**
 * Every property of the personal payload, each with its own rules: the rules the field registry
 * declares for the applicant group's fields asked of the applicant (general flow) or the child (child
 * flow). Which are required is decided across fields (checkPersonal).
 */
export const personalShape = (ctx: PersonalContext) =>
  askedShape(personalPerson(ctx.applicationType), 'applicant', { today: ctx.today, purposeChoices: ctx.purposeChoices });

const searchedKeys = [
  'addressCode',
  'addressPrefecture',
  'addressMunicipality',
  'addressSection',
  'addressChome',
  'kanaAddressPrefecture',
  'kanaAddressMunicipality',
  'kanaAddressSection',
  'kanaAddressChome',
  'address',
  'subAddress',
  'kanaAddress',
  'kanaSubAddress',
] as const;
const tempKeys = ['tempAddressPrefecture', 'tempAddress', 'kanaTempAddress'] as const;
/** The fields the address part of the personal page types (the postal code, the searched and the temporary address). */
export const personalAddressKeys = ['postalNumber', ...searchedKeys, ...tempKeys] as const;

type PersonalFields = z.output<z.ZodObject<ReturnType<typeof personalShape>>>;
type Add = (field: keyof PersonalFields & string, message: string) => void;

/**
 * Which address the applicant gave: the searched one when an address was chosen, the temporary one
 * when the chooser's "no matching address" opened it (the web pre-fills its prefecture), else none.
 */
export const addressMode = (v: {
  addressCode?: string | null;
  tempAddressPrefecture?: string | null;
  tempAddress?: string | null;
}): 'SEARCHED' | 'TEMPORARY' | 'NONE' => (v.addressCode ? 'SEARCHED' : v.tempAddressPrefecture || v.tempAddress ? 'TEMPORARY' : 'NONE');

/** The prefecture the applicant lives in, for the distance-reason rule. */
export const residencePrefecture = (v: Partial<PersonalFields>): string | null => {
  const mode = addressMode(v);
  return (mode === 'SEARCHED' ? v.addressPrefecture : mode === 'TEMPORARY' ? v.tempAddressPrefecture : null) ?? null;
};

const distanceRequired = (ctx: PersonalContext, v: Partial<PersonalFields>): boolean =>
  isDistanceReasonRequired({
    asksDistanceReason: ctx.asksDistanceReason,
    homePrefecture: ctx.homePrefecture,
    residencePrefecture: residencePrefecture(v),
  });

/** The cross-field rules of the personal payload. */
export const checkPersonal = (ctx: PersonalContext, v: Partial<PersonalFields>, add: Add): void => {
  if (typeof v.lastName === 'string' && typeof v.firstName === 'string') {
    const message = nameLengthError(v.lastName, v.firstName);
    if (message) add('lastName', message);
  }
  if (typeof v.kanaLastName === 'string' && typeof v.kanaFirstName === 'string') {
    const message = kanaNameLengthError(v.kanaLastName, v.kanaFirstName);
    if (message) add('kanaLastName', message);
  }

  // A key missing from v failed its own rule and already has a message; null means empty.
  const mode = addressMode(v);
  if (mode === 'NONE' && v.addressCode === null) add('addressCode', messages.addressNotSearched);
  if (mode === 'SEARCHED') {
    if (v.addressPrefecture === null) add('addressPrefecture', messages.addressNotSearched);
    if (v.addressMunicipality === null) add('addressMunicipality', messages.addressNotSearched);
    if (v.address === null) add('address', messages.required);
    if (v.kanaAddress === null) add('kanaAddress', messages.required);
    if (typeof v.subAddress === 'string' && v.kanaSubAddress === null) add('kanaSubAddress', messages.required);
  }
  if (mode === 'TEMPORARY') {
    if (v.tempAddressPrefecture === null) add('tempAddressPrefecture', messages.selectRequired);
    if (v.tempAddress === null) add('tempAddress', messages.required);
    if (v.kanaTempAddress === null) add('kanaTempAddress', messages.required);
  }

  if (v.utilizationPurpose?.includes(otherLabel) && v.utilizationPurposeOther === null) {
    add('utilizationPurposeOther', messages.otherRequired);
  }
  if (mode !== 'NONE' && distanceRequired(ctx, v) && v.distanceTransactionReason === null) {
    add('distanceTransactionReason', messages.required);
  }
};

/** Blanks what does not apply: the other address form, an unused その他 text, an unasked reason. */
export const finishPersonal = <T extends PersonalFields>(ctx: PersonalContext, v: T): T => {
  const out = { ...v };
  const mode = addressMode(v);
  for (const k of mode === 'SEARCHED' ? tempKeys : searchedKeys) out[k] = null;
  if (!v.utilizationPurpose.includes(otherLabel)) out.utilizationPurposeOther = null;
  if (!distanceRequired(ctx, v)) out.distanceTransactionReason = null;
  return out;
};

/** Schema of POST /api/applications/personal. */
export const personalSchema = (ctx: PersonalContext) =>
  refineFields(z.object(personalShape(ctx)), (v, add) => checkPersonal(ctx, v, add)).transform((v) => finishPersonal(ctx, v));
