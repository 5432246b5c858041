// Kana name (氏名カナ): half-width katakana, stored as the bank's systems carry it (SPEC.md §5).

import { messages } from '../messages.ts';
import { fieldLimits } from '../constants.ts';
import { normaliseKana } from '../normalise.ts';
import { charLength, patternRule, requiredText } from './rule-building-blocks.ts';

/** Surname + half-width space + given name, at most this many characters (ｶﾞ counts as two). */
export const kanaNameMaxLength = fieldLimits.kanaName;
export const kanaNameSeparator = ' ';

/** Half-width katakana ｦ…ﾝ with ｰ ﾞ ﾟ, hyphen and half-width space (small kana are made large first). */
export const kanaNamePattern = /^[\uFF66-\uFF9F\- ]+$/u;

/** On blur and before validation: to half-width katakana, small kana → large, trimmed. */
export const normaliseKanaName = normaliseKana;

export const kanaNamePartSchema = requiredText({
  normalise: normaliseKanaName,
  rules: [patternRule(kanaNamePattern, messages.katakana)],
});

export const joinKanaName = (lastName: string, firstName: string): string => `${lastName}${kanaNameSeparator}${firstName}`;

/** 48文字以内で入力してください。 when the joined kana name is too long. */
export const kanaNameLengthError = (lastName: string, firstName: string): string | null =>
  charLength(joinKanaName(lastName, firstName)) > kanaNameMaxLength ? messages.maxLength(kanaNameMaxLength) : null;
