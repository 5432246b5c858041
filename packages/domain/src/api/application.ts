// The bodies of the application calls of steps 1–6 (SPEC.md §3, §7; DECISIONS.md §5): the saved
// application, the reference lookups, the branch list and the PIN. The step saves' payloads are
// the screen schemas of ../steps/* (the API runs them in its services, with the bank and clock).

import { z } from 'zod';
import type { branchSchema } from '../steps/branch.ts';
import type { personalSchema } from '../steps/personal.ts';
import type { sealLessSchema } from '../steps/seal-less.ts';
import type { childWorkplaceSchema, workplaceSchema } from '../steps/workplace.ts';
import { applicationTypes } from '../constants.ts';
import { requirements } from '../fields/rule-building-blocks.ts';
import { fieldsOf, type FieldRecord, type ViewKey } from '../fields/registry.ts';
import { postalCodeSchema } from '../fields/postal-code.ts';
import { invitationCodeSchema, workplaceCodeSchema } from '../fields/codes.ts';

const text = z.string().nullable();
const numberOrNull = z.number().nullable();
const flagOrNull = z.boolean().nullable();

/** The answer's shape of a record's fields, from the field registry (each field's `view`), in its order. */
function viewShape<R extends FieldRecord>(record: R) {
  const byType = { text, number: numberOrNull, flag: flagOrNull } as const;
  return Object.fromEntries(fieldsOf(record).flatMap((f) => (f.view ? [[f.key, byType[f.view]]] : []))) as {
    [K in ViewKey<R, 'text'>]: typeof text;
  } & { [K in ViewKey<R, 'number'>]: typeof numberOrNull } & { [K in ViewKey<R, 'flag'>]: typeof flagOrNull };
}

/** SPEC.md §3 "Application", in its field names exactly; null for every value not saved yet. */
export const applicationViewSchema = z.object({
  bankCode: z.string(),
  ...viewShape('application'),
  applicationType: z.enum(applicationTypes),
});
export type ApplicationView = z.infer<typeof applicationViewSchema>;

/** SPEC.md §3 "Parent application"; a child application without one yet has every value null. */
export const applicationParentViewSchema = z.object(viewShape('parent'));
export type ApplicationParentView = z.infer<typeof applicationParentViewSchema>;

/** GET /api/applications (auth) → applicationParent is null for a GENERAL application. */
export const applicationsResponseSchema = z.object({
  application: applicationViewSchema,
  applicationParent: applicationParentViewSchema.nullable(),
});
export type ApplicationsResponse = z.infer<typeof applicationsResponseSchema>;

/** SPEC.md §3 "Occupation". */
export const occupationSchema = z.object({
  id: z.number(),
  name: z.string(),
  displayNumber: z.number(),
  workplaceRequired: z.boolean(),
  workplaceRequirement: z.enum(requirements),
  generalDisplay: z.boolean(),
  childDisplay: z.boolean(),
  minDisplayAge: z.number().nullable(),
  maxDisplayAge: z.number().nullable(),
});
export type Occupation = z.infer<typeof occupationSchema>;

/** GET /api/occupations (auth) → その他 last. */
export const occupationsResponseSchema = z.object({ occupationList: z.array(occupationSchema) });

/** GET /api/addresses?postalNumber=8100001 (auth): a complete postal code ('810-0001' is normalised). */
export const addressesQuerySchema = z.object({ postalNumber: postalCodeSchema });

/** One town of a postal code. */
export const addressItemSchema = z.object({
  id: z.number(),
  addressCode: z.string(),
  prefecture: z.string(),
  municipality: z.string(),
  section: z.string(),
  chome: z.string(),
  kanaPrefecture: z.string(),
  kanaMunicipality: z.string(),
  kanaSection: z.string(),
  kanaChome: z.string(),
  addressFull: z.string(),
});
export type AddressItem = z.infer<typeof addressItemSchema>;

export const addressesResponseSchema = z.object({ addressList: z.array(addressItemSchema) });
export type AddressesResponse = z.infer<typeof addressesResponseSchema>;

/** GET /api/furigana?kanji=天神 (auth) → { kana: 'ﾃﾝｼﾞﾝ' }, half-width katakana. */
export const furiganaResponseSchema = z.object({ kana: z.string() });

/** GET /api/workplace?code=100001 (auth): 6 or 8 letters or digits; 404 { code, message } when not found. */
export const workplaceQuerySchema = z.object({ code: workplaceCodeSchema });

export const workplaceResponseSchema = z.object({ id: z.number(), name: z.string(), phoneNumber: z.string(), multipleAccounts: z.string() });
export type WorkplaceResponse = z.infer<typeof workplaceResponseSchema>;

/** GET /api/invitation?code=FK0001 (auth) → 204; 404 { code, message } when unknown or not valid now. */
export const invitationQuerySchema = z.object({ code: invitationCodeSchema });

/** A branch offered to the applicant. */
export const branchItemSchema = z.object({ code: z.string(), name: z.string(), address: z.string() });
export type BranchItem = z.infer<typeof branchItemSchema>;

/** GET /api/branch (auth) → general: every branch, the applicant's municipality first; child: only those there (maybe none). */
export const branchListResponseSchema = z.object({ branchList: z.array(branchItemSchema) });

/** GET /api/public-key (auth) → base64 DER SPKI of the RSA-3072 key (RSA-OAEP, SHA-256). */
export const publicKeyResponseSchema = z.object({ keyCode: z.string() });

/**
 * POST /api/pin (auth) { code } → 204: the base64 RSA-OAEP ciphertext of the 4 digits. The API's
 * service reads it itself, so a malformed body answers the PIN-format message on `code`.
 */
export const pinRequestSchema = z.object({ code: z.string() });
export type PinRequest = z.infer<typeof pinRequestSchema>;

// What the step saves may send: the input of the domain's screen schema the API runs on them
// (steps/*), and the bank's code, which must be the Host's bank when sent.
type AtBank<T> = T & { bankCode?: string };

/** POST /api/applications/personal (auth): the applicant's, or in the child flow the child's, personal data. */
export type PersonalRequest = AtBank<z.input<ReturnType<typeof personalSchema>>>;
/** POST /api/applications/workplace (auth), general flow. */
export type WorkplaceRequest = AtBank<z.input<ReturnType<typeof workplaceSchema>>>;
/** POST /api/applications/workplace (auth), child flow: workplaceId and the existing account are null. */
export type ChildWorkplaceRequest = AtBank<z.input<ReturnType<typeof childWorkplaceSchema>>>;
/** POST /api/applications/branch (auth). */
export type BranchRequest = AtBank<z.input<typeof branchSchema>>;
/** POST /api/applications/seal-less (auth). */
export type SealLessRequest = AtBank<z.input<typeof sealLessSchema>>;
