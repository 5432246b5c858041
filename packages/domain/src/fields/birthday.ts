// Birthday (生年月日), chosen with year/month/day selects; the clock is an argument (SPEC.md §5).

import { z } from 'zod';
import { messages } from '../messages.ts';
import { adultAge } from '../constants.ts';
import { ageOn, isBornBy, parseIsoDate } from '../dates.ts';
import type { BirthdayKind, DateInput } from '../dates.ts';

export type { BirthdayKind } from '../dates.ts';

/**
 * The message for a well-formed birthday on `today`, or null when the person may apply:
 * GENERAL and PARENT need age 18 or more ("over 17"); CHILD must be born (today counts) and under 18.
 */
export const birthdayEligibilityError = (kind: BirthdayKind, birthday: string, today: DateInput): string | null => {
  const age = ageOn(birthday, today);
  switch (kind) {
    case 'GENERAL':
      return age >= adultAge ? null : messages.generalUnder18;
    case 'PARENT':
      return age >= adultAge ? null : messages.parentUnder18;
    case 'CHILD':
      return isBornBy(birthday, today) && age < adultAge ? null : messages.childNotEligible;
  }
};

/**
 * 'YYYY-MM-DD'. Nothing chosen → 選択が必須です。; not a real date → 生年月日を正しく入力してください。;
 * then the eligibility of `kind` on `today`.
 */
export const birthdaySchema = (kind: BirthdayKind, today: DateInput) =>
  z
    .string({ error: messages.selectRequired })
    .nullish()
    .transform((raw, ctx): string => {
      const value = (raw ?? '').trim();
      const message =
        value === '' ? messages.selectRequired : parseIsoDate(value) === null ? messages.birthdayInvalid : birthdayEligibilityError(kind, value, today);
      if (message !== null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value;
    });
