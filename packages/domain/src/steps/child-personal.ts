// /child/personal: the child's personal data (posted to /applications/personal) and the
// child's occupation, school or workplace and invitation code (posted to /applications/workplace).

import { z } from 'zod';
import { ageOn, parseIsoDate } from '../dates.ts';
import type { DateInput } from '../dates.ts';
import type { OccupationContext, isOccupationAllowed } from '../fields/occupation.ts';
import { optionalInvitationCodeSchema } from '../fields/codes.ts';
import { checkPersonal, finishPersonal, personalShape } from './personal.ts';
import type { PersonalContext } from './personal.ts';
import { occupationShape } from './workplace.ts';
import { refineFields } from './validate-step.ts';

export interface ChildPersonalContext extends Omit<PersonalContext, 'applicationType'> {
  today: DateInput;
  /** The chosen occupation's requirement; null while none is chosen. */
  occupation: OccupationContext | null;
}

/** The whole child personal screen: personal payload (child birthday rule) plus the workplace fields. */
export const childPersonalSchema = (ctx: ChildPersonalContext) => {
  const personalCtx: PersonalContext = { ...ctx, applicationType: 'CHILD' };
  return refineFields(
    z.object({
      ...personalShape(personalCtx),
      ...occupationShape(ctx.occupation),
      invitationCode: optionalInvitationCodeSchema,
    }),
    (v, add) => checkPersonal(personalCtx, v, add),
  ).transform((v) => finishPersonal(personalCtx, v));
};

export type ChildPersonalPayload = z.output<ReturnType<typeof childPersonalSchema>>;

/**
 * Who chooses the child's occupation, for isOccupationAllowed: the children's list (childDisplay) at
 * the child's age (null while no valid birthday is chosen). Changing the birthday changes the age:
 * an occupation no longer allowed is cleared on the screen and refused by the API.
 */
export const childOccupationChooser = (birthday: string | null | undefined, today: DateInput): Parameters<typeof isOccupationAllowed>[1] => ({
  applicationType: 'CHILD',
  age: birthday && parseIsoDate(birthday) ? ageOn(birthday, today) : null,
});
