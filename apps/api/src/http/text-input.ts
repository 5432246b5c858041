import { messages } from '@koza/domain/messages';
import type { Rule } from '@koza/domain/fields/common';
import type { FieldError } from './errors.ts';

// Text no keyboard types: control characters (C0 including NUL, DEL, C1) and lone UTF-16
// surrogates. The screen schemas do not look for them (an input element cannot produce them), but a
// request can carry them, and they break what comes after: PostgreSQL text cannot hold NUL (the
// query fails), the analyser may throw on NUL and lone surrogates. The API refuses them per field, with the
// domain's "{chars}は使用できません。" message (docs/decisions/0044-application-step-saves.md).

export const unprintablePattern = /[\p{Cc}\p{Cs}]/u;
export const unprintableMessage = messages.disallowedChars('表示できない文字');

export const printableRule: Rule = (v) => (unprintablePattern.test(v) ? unprintableMessage : null);

const holdsUnprintable = (v: unknown): boolean =>
  typeof v === 'string' ? unprintablePattern.test(v) : Array.isArray(v) && v.some((item) => typeof item === 'string' && unprintablePattern.test(item));

/** One error per top-level property of a JSON body whose text (or list of texts) holds such a character. */
export function unprintableFieldErrors(body: unknown): FieldError[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  return Object.entries(body)
    .filter(([, value]) => holdsUnprintable(value))
    .map(([field]) => ({ field, message: unprintableMessage }));
}
