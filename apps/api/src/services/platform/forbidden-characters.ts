import { messages } from '@koza/domain/messages';
import { forbiddenCharPattern, forbiddenCharsRule } from '@koza/domain/fields/rule-building-blocks';
import type { Rule } from '@koza/domain/fields/rule-building-blocks';
import type { FieldError } from './refusals.ts';

// Text no keyboard types, or that hides or reorders what staff read: the domain's forbidden
// characters (Unicode Cc, Cf, Zl, Zp, lone surrogates; docs/decisions/0091-forbidden-characters.md).
// The field schemas refuse them too; this sweep also covers every other string of a JSON body, so
// nothing of the kind reaches the database (PostgreSQL text cannot even hold NUL) or the
// analyser (which may throw on NUL and lone surrogates).

export const unprintablePattern = forbiddenCharPattern;
export const unprintableMessage = messages.forbiddenChars;

export const printableRule: Rule = forbiddenCharsRule;

const holdsUnprintable = (v: unknown): boolean =>
  typeof v === 'string' ? unprintablePattern.test(v) : Array.isArray(v) && v.some((item) => typeof item === 'string' && unprintablePattern.test(item));

/** One error per top-level property of a JSON body whose text (or list of texts) holds such a character. */
export function unprintableFieldErrors(body: unknown): FieldError[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  return Object.entries(body)
    .filter(([, value]) => holdsUnprintable(value))
    .map(([field]) => ({ field, message: unprintableMessage }));
}
