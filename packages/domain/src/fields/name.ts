// Name (氏名): surname and given name, each in its own input (SPEC.md §5).

import { messages } from '../messages.ts';
import { fieldLimits } from '../constants.ts';
import { normaliseText } from '../normalise.ts';
import { charLength, distinctMatches, listChars, requiredText, romanNumeralRule } from './rule-building-blocks.ts';
import type { Rule } from './rule-building-blocks.ts';

/** Surname + full-width space + given name, at most this many characters. */
export const nameMaxLength = fieldLimits.name;
export const nameSeparator = '\u3000';

const nameDisallowedPattern =
  /[^\u4E00-\u9FFF\u3400-\u4DBF\uF900-\uFAFF\u3005\u3006\u3007\u30F6\u3041-\u3096\u309D\u309E\u30A1-\u30FA\u30FB\u30FC\u30FD\u30FE\uFF21-\uFF3A\uFF41-\uFF5A]/gu;

/** The distinct characters of s that a name may not hold, in order of first appearance. */
export const nameDisallowedChars = (s: string): string[] => distinctMatches(s, nameDisallowedPattern);

export const nameCharsRule: Rule = (v) => {
  const bad = nameDisallowedChars(v);
  return bad.length > 0 ? messages.disallowedChars(listChars(bad)) : null;
};

/** Names are only trimmed: any other character is the applicant's to correct, not ours to guess. */
export const normaliseName = normaliseText;

/** One part of a name (surname or given name). The joint length is checked by nameLengthError. */
export const namePartSchema = requiredText({ normalise: normaliseName, rules: [romanNumeralRule, nameCharsRule] });

export const joinName = (lastName: string, firstName: string): string => `${lastName}${nameSeparator}${firstName}`;

/** 24文字以内で入力してください。 when surname + full-width space + given name is too long. */
export const nameLengthError = (lastName: string, firstName: string): string | null =>
  charLength(joinName(lastName, firstName)) > nameMaxLength ? messages.maxLength(nameMaxLength) : null;
