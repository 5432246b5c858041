// Phone numbers, entered in three parts and carried joined by hyphens (SPEC.md §5, §9).

import { messages } from '../messages.ts';
import { phoneLength } from '../constants.ts';
import { normaliseHalfWidth } from '../normalise.ts';
import { charLength, patternRule, requiredText, textByRequirement, optionalText } from './rule-building-blocks.ts';
import type { Requirement, Rule } from './rule-building-blocks.ts';

/** 050, 070, 080 or 090, then 4 and 4 digits. */
export const mobilePhonePattern = /^0[5789]0-\d{4}-\d{4}$/;
/** 0 and 1–4 digits, 1–4 digits, 4 digits; in total phoneLength.min–max (12–13) characters. */
export const phonePattern = /^0\d{1,4}-\d{1,4}-\d{4}$/;
export const phoneMinLength = phoneLength.min;
export const phoneMaxLength = phoneLength.max;

/** Half-width digits and hyphens; every hyphen variant → '-'. */
export const normalisePhone = normaliseHalfWidth;

/** Joins the three inputs of a phone number; all empty → ''. */
export const joinPhoneParts = (parts: readonly [string, string, string]): string =>
  parts.every((p) => p.trim() === '') ? '' : parts.map((p) => normalisePhone(p)).join('-');

export const isLandlineFormat = (v: string): boolean => charLength(v) >= phoneMinLength && charLength(v) <= phoneMaxLength && phonePattern.test(v);

const landlineRule =
  (message: string): Rule =>
  (v) =>
    isLandlineFormat(v) ? null : message;

export const mobilePhoneSchema = requiredText({
  normalise: normalisePhone,
  rules: [patternRule(mobilePhonePattern, messages.mobilePhoneInvalid)],
});

/** An optional landline-format phone (the home phone's rules) with its own message: empty → null. */
export const optionalPhoneSchema = (invalidMessage: string) =>
  optionalText({
    normalise: normalisePhone,
    rules: [landlineRule(invalidMessage)],
  });

/** Optional: empty → null. */
export const homePhoneSchema = optionalPhoneSchema(messages.homePhoneInvalid);

/** Required, optional or not asked, by the occupation's workplace requirement. */
export const workplacePhoneSchema = (requirement: Requirement) =>
  textByRequirement(requirement, { normalise: normalisePhone, rules: [landlineRule(messages.workplacePhoneInvalid)] });
