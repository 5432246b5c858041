// Purpose of transaction (取引目的): several labels of the bank's list; その他 needs a text (SPEC.md §5).

import { z } from 'zod';
import { messages } from '../messages.ts';
import { fieldLimits } from '../constants.ts';
import { maxLengthRule, optionalText, requiredText, absent } from './rule-building-blocks.ts';

/** The label meaning "other" in every choice list (purposes, occupations). */
export const otherLabel = 'その他';
export const purposeOtherMaxLength = fieldLimits.purposeOther;
const error = messages.selectRequired;

/**
 * At least one label; when the bank's labels are given, only those (duplicates dropped, order kept).
 * Also accepts the comma-joined form the application is stored in.
 */
export const purposesSchema = (allowed?: readonly string[]) =>
  z
    .union([z.array(z.string({ error }), { error }), z.string({ error })], { error })
    .nullish()
    .transform((raw, ctx): string[] => {
      const list = (typeof raw === 'string' ? raw.split(',') : (raw ?? [])).map((s) => s.trim()).filter((s) => s !== '');
      const labels = [...new Set(list)];
      if (labels.length === 0 || (allowed !== undefined && labels.some((l) => !allowed.includes(l)))) {
        ctx.addIssue({ code: 'custom', message: error });
        return z.NEVER;
      }
      return labels;
    });

/** The その他 text: 1–24 characters when その他 is chosen (「その他」の場合は入力が必須です。), else null. */
export const purposeOtherSchema = (otherChosen: boolean) =>
  otherChosen ? requiredText({ requiredMessage: messages.otherRequired, rules: [maxLengthRule(purposeOtherMaxLength)] }) : absent();

/** Loose variant for when the choice is not known yet (it is checked across fields by the screen). */
export const purposeOtherTextSchema = optionalText({ rules: [maxLengthRule(purposeOtherMaxLength)] });

/**
 * The wire and stored form of the chosen purposes: the labels joined by ',' in the bank's documented
 * order (SPEC.md §3: the purposes comma-joined, DECISIONS.md §7), whatever order they were ticked in.
 */
export const joinPurposes = (order: readonly string[], chosen: readonly string[]): string => order.filter((p) => chosen.includes(p)).join(',');
