// Address parts (SPEC.md §3, §5). Prefecture to chome come from the postal-code search; the applicant
// types the street number and building (address, subAddress) and their kana. When the search finds no
// address, a temporary address is typed instead (prefecture select, free text and its kana).

import { z } from 'zod';
import { messages } from '../messages.ts';
import { fieldLimits } from '../constants.ts';
import { normaliseKanaAddress, normaliseText } from '../normalise.ts';
import { isPrefectureName } from '../prefectures.ts';
import { maxLengthRule, optionalText, patternRule, requiredText } from './rule-building-blocks.ts';
import type { Rule } from './rule-building-blocks.ts';

/** Address below the street (番地, building and room): each part at most 20 characters. */
export const addressMaxLength = fieldLimits.address;
/** Its kana: each part at most 40 characters. */
export const kanaAddressMaxLength = fieldLimits.kanaAddress;
/** Longest kanji text the furigana lookup reads (decision 0041): what one kana address part can hold. */
export const furiganaMaxLength: number = fieldLimits.kanaAddress;
/**
 * Temporary address (municipality onwards, typed by hand) and its kana. SPEC.md gives no limit; these
 * cover a municipality, town, street number and building.
 */
export const tempAddressMaxLength = 60;
export const kanaTempAddressMaxLength = 120;
/** Sanity bound for parts copied from the postal data (the longest real ones are far shorter). */
export const searchedPartMaxLength = 100;

/** Half-width katakana, upper-case A–Z, digits, ( ) . space and hyphen only. */
export const kanaAddressPattern = /^[\uFF66-\uFF9FA-Z0-9(). -]+$/u;

/** On blur and before validation: half-width katakana, small → large, letters upper-case. */
export { normaliseKanaAddress };

const kanaRules = (max: number) => [patternRule(kanaAddressPattern, messages.katakana), maxLengthRule(max)];

export const addressLineSchema = requiredText({ rules: [maxLengthRule(addressMaxLength)] });
/** The street number as the personal step takes it: required across fields when an address was searched. */
export const optionalAddressLineSchema = optionalText({ rules: [maxLengthRule(addressMaxLength)] });
export const subAddressSchema = optionalText({ rules: [maxLengthRule(addressMaxLength)] });
export const kanaAddressSchema = requiredText({ normalise: normaliseKanaAddress, rules: kanaRules(kanaAddressMaxLength) });
export const optionalKanaAddressSchema = optionalText({
  normalise: normaliseKanaAddress,
  rules: kanaRules(kanaAddressMaxLength),
});

export const optionalSearchedPartSchema = optionalText({ rules: [maxLengthRule(searchedPartMaxLength)] });
export const optionalSearchedKanaSchema = optionalText({
  normalise: normaliseKanaAddress,
  rules: [maxLengthRule(searchedPartMaxLength)],
});

/** One of the 47 prefecture names, as the select offers them. */
export const prefectureRule: Rule = (v) => (isPrefectureName(v) ? null : messages.selectRequired);
/** The temporary address's prefecture, required: anything but a prefecture name → 選択が必須です。 */
export const prefectureSchema = z
  .string({ error: messages.selectRequired })
  .nullish()
  .transform((raw, ctx): string => {
    const value = normaliseText(raw ?? '');
    if (prefectureRule(value) !== null) {
      ctx.addIssue({ code: 'custom', message: messages.selectRequired });
      return z.NEVER;
    }
    return value;
  });

export const tempAddressSchema = requiredText({ rules: [maxLengthRule(tempAddressMaxLength)] });
export const kanaTempAddressSchema = requiredText({
  normalise: normaliseKanaAddress,
  rules: kanaRules(kanaTempAddressMaxLength),
});

// The temporary address as the personal step takes it: required across fields when no address was searched.
export const optionalTempPrefectureSchema = optionalText({ rules: [prefectureRule] });
export const optionalTempAddressSchema = optionalText({ rules: [maxLengthRule(tempAddressMaxLength)] });
export const optionalKanaTempAddressSchema = optionalText({ normalise: normaliseKanaAddress, rules: kanaRules(kanaTempAddressMaxLength) });

/** A part that the address search fills: missing means the applicant has not searched. */
export const searchedPartSchema = requiredText({
  requiredMessage: messages.addressNotSearched,
  rules: [maxLengthRule(searchedPartMaxLength)],
});
