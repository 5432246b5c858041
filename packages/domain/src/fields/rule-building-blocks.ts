// Building blocks of the field schemas: a field normalises first, then reports the FIRST rule it
// breaks (one message per field, as the screens show one message under each input).

import { z } from 'zod';
import { messages } from '../messages.ts';
import { containsRomanNumeral, normaliseText } from '../normalise.ts';

/** A rule answers the message to show, or null when the value passes. */
export type Rule = (value: string) => string | null;

/** Length as the user sees it: code points, not UTF-16 units. */
export const charLength = (s: string): number => [...s].length;

export const maxLengthRule =
  (max: number): Rule =>
  (v) =>
    charLength(v) > max ? messages.maxLength(max) : null;

export const patternRule =
  (pattern: RegExp, message: string): Rule =>
  (v) =>
    pattern.test(v) ? null : message;

export const firstError = (value: string, rules: readonly Rule[]): string | null => {
  for (const rule of rules) {
    const message = rule(value);
    if (message !== null) return message;
  }
  return null;
};

export interface TextOptions {
  /** Applied before any rule (SPEC.md §5 on-blur conversions). Default: trim + NFC. */
  normalise?: (s: string) => string;
  rules?: readonly Rule[];
  /** Message for an empty value (required fields) and for a value that is not text. */
  requiredMessage?: string;
}

/**
 * Characters no field may hold, whatever it is (issue 12, docs/decisions/0091-forbidden-characters.md):
 * Unicode Cc (controls, including tab and newline), Cf (format: U+202E right-to-left override, zero-width
 * space and joiners, BOM, soft hyphen), Zl (U+2028), Zp (U+2029), and lone UTF-16 surrogates (Cs; a
 * well-formed pair is one code point and passes). They are invisible or reorder what staff read.
 */
export const forbiddenCharPattern = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
export const containsForbiddenChars = (s: string): boolean => forbiddenCharPattern.test(s);
export const forbiddenCharsRule: Rule = (v) => (containsForbiddenChars(v) ? messages.forbiddenChars : null);

/** Accepts a string, null or nothing; numbers and other types get the required message. */
const rawText = (message: string) => z.string({ error: message }).nullish();

/** A required text field: empty after normalising → requiredMessage (入力が必須です。 by default). */
export const requiredText = ({ normalise = normaliseText, rules = [], requiredMessage = messages.required }: TextOptions = {}) =>
  rawText(requiredMessage).transform((raw, ctx): string => {
    const value = normalise(raw ?? '');
    // Checked on what was sent: trimming would silently drop a leading U+2028 or BOM.
    const message = forbiddenCharsRule(raw ?? '') ?? (value === '' ? requiredMessage : firstError(value, rules));
    if (message !== null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return value;
  });

/** An optional text field: empty after normalising → null; otherwise the rules apply. */
export const optionalText = ({ normalise = normaliseText, rules = [], requiredMessage = messages.required }: TextOptions = {}) =>
  rawText(requiredMessage).transform((raw, ctx): string | null => {
    const value = normalise(raw ?? '');
    const forbidden = forbiddenCharsRule(raw ?? '');
    if (value === '' && forbidden === null) return null;
    const message = forbidden ?? firstError(value, rules);
    if (message !== null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return value;
  });

/** A field that is not asked in this situation: whatever arrives, the saved value is null. */
export const absent = () =>
  z
    .unknown()
    .optional()
    .transform((): null => null);

/** Whether a field is required, optional or not asked at all (e.g. per occupation). */
export type Requirement = 'REQUIRED' | 'OPTIONAL' | 'NONE';
export const requirements = ['REQUIRED', 'OPTIONAL', 'NONE'] as const;

/** Text with a per-situation requirement. */
export const textByRequirement = (requirement: Requirement, options: TextOptions) =>
  requirement === 'REQUIRED' ? requiredText(options) : requirement === 'OPTIONAL' ? optionalText(options) : absent();

/** One value out of a fixed list: anything else (including nothing) → 選択が必須です。 */
export const choice = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: messages.selectRequired });

/** Offending characters as the message lists them: each quoted, in order of first appearance: 「@」「#」. */
export const listChars = (chars: readonly string[]): string => chars.map((c) => `「${c}」`).join('');

/** The distinct characters of s matching `pattern` (a /g… regex), in order of first appearance. */
export const distinctMatches = (s: string, pattern: RegExp): string[] => [...new Set(s.match(pattern) ?? [])];

/** Roman numerals and similar number forms must be retyped as digits (SPEC.md §5). */
export const romanNumeralRule: Rule = (v) => (containsRomanNumeral(v) ? messages.romanNumeral : null);
