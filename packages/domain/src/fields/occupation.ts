// Occupation (職業), chosen from the occupation list; その他 needs a text (SPEC.md §3, §5).

import { z } from 'zod';
import { messages } from '../messages.ts';
import { fieldLimits } from '../constants.ts';
import { maxLengthRule, requiredText, absent } from './rule-building-blocks.ts';
import type { Requirement } from './rule-building-blocks.ts';

export type { Requirement as WorkplaceRequirement } from './rule-building-blocks.ts';
export { otherLabel as otherOccupationName } from './purposes.ts';

export const occupationOtherMaxLength = fieldLimits.occupationOther;

/** What the validation needs to know about the chosen occupation (looked up by the caller). */
export interface OccupationContext {
  /** Whether a workplace (name and phone) is required, optional or not asked. */
  workplaceRequirement: Requirement;
  /** Whether it is the occupation named その他, which asks for a text. */
  isOther: boolean;
}

/** The occupation list row's id: a positive integer or a non-empty code. */
const error = messages.selectRequired;
export const occupationIdSchema = z.union([z.int({ error }).positive({ error }), z.string({ error }).trim().min(1, { error }).max(20, { error })], { error });

/** Required text of 1–25 characters for その他, otherwise null. */
export const occupationOtherSchema = (isOther: boolean) =>
  isOther ? requiredText({ requiredMessage: messages.otherRequired, rules: [maxLengthRule(occupationOtherMaxLength)] }) : absent();

/** Occupations shown for an age: minDisplayAge ≤ age ≤ maxDisplayAge, null meaning unbounded. */
export const isOccupationShownForAge = (occupation: { minDisplayAge: number | null; maxDisplayAge: number | null }, age: number): boolean =>
  (occupation.minDisplayAge === null || age >= occupation.minDisplayAge) && (occupation.maxDisplayAge === null || age <= occupation.maxDisplayAge);

/**
 * Whether an applicant may choose an occupation: it is displayed for the application type
 * (generalDisplay / childDisplay) and for the applicant's age. The web lists only these; the API
 * refuses any other with 選択が必須です。 (the applicant cannot have picked it from the list).
 */
export const isOccupationAllowed = (
  occupation: { generalDisplay: boolean; childDisplay: boolean; minDisplayAge: number | null; maxDisplayAge: number | null },
  who: { applicationType: 'GENERAL' | 'CHILD'; age: number | null },
): boolean =>
  (who.applicationType === 'CHILD' ? occupation.childDisplay : occupation.generalDisplay) && (who.age === null || isOccupationShownForAge(occupation, who.age));
