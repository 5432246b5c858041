// /child/parent: the parent's personal data (POST /applications/personal/parent) and
// the parent's occupation and workplace (POST /applications/workplace/parent), SPEC.md §3, §5, §7.

import { z } from 'zod';
import { messages } from '../messages.ts';
import { ageOn, parseIsoDate } from '../dates.ts';
import type { DateInput } from '../dates.ts';
import { askedShape } from '../fields/registry.ts';
import { kanaNameLengthError } from '../fields/kana-name.ts';
import { nameLengthError } from '../fields/name.ts';
import type { OccupationContext, isOccupationAllowed } from '../fields/occupation.ts';
import { occupationShape } from './workplace.ts';
import { refineFields } from './validate-step.ts';

export interface ChildParentContext {
  today: DateInput;
  /** The child's saved surname and kana surname: the parent's must be the same. */
  childLastName: string;
  childKanaLastName: string;
}

export interface ChildParentScreenContext extends ChildParentContext {
  /** The parent's chosen occupation's requirement; null while none is chosen. */
  occupation: OccupationContext | null;
}

/**
 * The parent's personal data: the rules the field registry declares for the parent group's fields
 * (the occupation's are occupationShape's, posted in the workplace call).
 */
const parentShape = (ctx: ChildParentContext) => askedShape('parent', 'parent', { today: ctx.today });

type ParentNames = { lastName?: string; firstName?: string; kanaLastName?: string; kanaFirstName?: string };
type AddName = (field: 'lastName' | 'kanaLastName', message: string) => void;

const checkParent = (ctx: ChildParentContext, v: ParentNames, add: AddName): void => {
  if (typeof v.lastName === 'string') {
    const message =
      v.lastName !== ctx.childLastName ? messages.parentSurnameDiffers : typeof v.firstName === 'string' ? nameLengthError(v.lastName, v.firstName) : null;
    if (message) add('lastName', message);
  }
  if (typeof v.kanaLastName === 'string') {
    const message =
      v.kanaLastName !== ctx.childKanaLastName
        ? messages.parentKanaSurnameDiffers
        : typeof v.kanaFirstName === 'string'
          ? kanaNameLengthError(v.kanaLastName, v.kanaFirstName)
          : null;
    if (message) add('kanaLastName', message);
  }
};

/** Schema of POST /api/applications/personal/parent. */
export const childParentSchema = (ctx: ChildParentContext) => refineFields(z.object(parentShape(ctx)), (v, add) => checkParent(ctx, v, add));

/** Schema of POST /api/applications/workplace/parent. */
export const parentWorkplaceSchema = (ctx: { occupation: OccupationContext | null }) => z.object(occupationShape(ctx.occupation));

/** The whole /child/parent screen (both payloads in one form). */
export const childParentScreenSchema = (ctx: ChildParentScreenContext) =>
  refineFields(z.object({ ...parentShape(ctx), ...occupationShape(ctx.occupation) }), (v, add) => checkParent(ctx, v, add));

/**
 * Who chooses the parent's occupation, for isOccupationAllowed: the parent is an adult applicant, so
 * the general list (generalDisplay) at the parent's age (null while no valid birthday is chosen).
 * The web lists these; the API refuses any other (docs/decisions/0131-occupation-of-child-and-parent.md).
 */
export const parentOccupationChooser = (birthday: string | null | undefined, today: DateInput): Parameters<typeof isOccupationAllowed>[1] => ({
  applicationType: 'GENERAL',
  age: birthday && parseIsoDate(birthday) ? ageOn(birthday, today) : null,
});
