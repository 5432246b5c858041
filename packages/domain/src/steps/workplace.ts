// /workplace: occupation, workplace, codes and existing account, as POST
// /api/applications/workplace sends it (SPEC.md §5, §7). The occupation's requirement is looked up by
// the caller (occupation list) and passed in.

import { z } from 'zod';
import { messages } from '../messages.ts';
import { absent } from '../fields/rule-building-blocks.ts';
import { occupationIdSchema, occupationOtherSchema } from '../fields/occupation.ts';
import type { OccupationContext } from '../fields/occupation.ts';
import { workplaceNameSchema } from '../fields/workplace-name.ts';
import { workplacePhoneSchema } from '../fields/phone.ts';
import { optionalInvitationCodeSchema } from '../fields/codes.ts';
import { optionalAccountNumberSchema, optionalBranchCodeSchema, padAccountNumber, padBranchCode } from '../fields/existing-account.ts';
import { refineFields } from './validate-step.ts';

export interface WorkplaceContext {
  /** The chosen occupation's requirement; null while none is chosen (nothing else is then asked). */
  occupation: OccupationContext | null;
  /** The verified workplace allows a second account (multipleAccounts PERMITTED). Default false. */
  multipleAccountsPermitted?: boolean;
  /**
   * The applicant's answer to "do you already hold an account?" when the web knows it. When left
   * undefined (the API, whose payload carries no answer), sending either number means yes.
   */
  holdsExistingAccount?: boolean | null;
}

const noOccupation: OccupationContext = { workplaceRequirement: 'NONE', isOther: false };

/** The id of the verified workplace (workplace-code lookup), or null. */
export const workplaceIdSchema = z
  .union([z.string(), z.number()], { error: messages.workplaceCodeNotFound })
  .nullish()
  .transform((v): string | null => (v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim()));

/** Occupation and workplace fields shared by the general, child and parent screens. */
export const occupationShape = (occupation: OccupationContext | null) => {
  const o = occupation ?? noOccupation;
  return {
    occupationId: occupationIdSchema,
    occupationOther: occupationOtherSchema(o.isOther),
    workplaceName: workplaceNameSchema(o.workplaceRequirement),
    workplacePhoneNumber: workplacePhoneSchema(o.workplaceRequirement),
  };
};

/** Schema of POST /api/applications/workplace (general flow). */
export const workplaceSchema = (ctx: WorkplaceContext) => {
  const asked = (ctx.multipleAccountsPermitted ?? false) && ctx.holdsExistingAccount !== false;
  const object = z.object({
    ...occupationShape(ctx.occupation),
    workplaceId: workplaceIdSchema,
    invitationCode: optionalInvitationCodeSchema,
    existedAccountBranchCode: asked ? optionalBranchCodeSchema : absent(),
    existedAccountNumber: asked ? optionalAccountNumberSchema : absent(),
  });
  return refineFields(object, (v, add) => {
    if (!asked) return;
    // Yes when the web says so, or (API) when either number was sent: then both are needed.
    const yes = ctx.holdsExistingAccount === true || typeof v.existedAccountBranchCode === 'string' || typeof v.existedAccountNumber === 'string';
    if (!yes) return;
    if (v.existedAccountBranchCode === null) add('existedAccountBranchCode', messages.existingAccountInvalid);
    if (v.existedAccountNumber === null) add('existedAccountNumber', messages.existingAccountInvalid);
  });
};

export { padAccountNumber, padBranchCode };
export type WorkplacePayload = z.output<ReturnType<typeof workplaceSchema>>;

/**
 * Schema of POST /api/applications/workplace in the child flow: the child's occupation and school or
 * workplace and the invitation code; no workplace code and no existing account (sent as null).
 */
export const childWorkplaceSchema = (ctx: Pick<WorkplaceContext, 'occupation'>) =>
  z.object({
    ...occupationShape(ctx.occupation),
    workplaceId: absent(),
    invitationCode: optionalInvitationCodeSchema,
    existedAccountBranchCode: absent(),
    existedAccountNumber: absent(),
  });
