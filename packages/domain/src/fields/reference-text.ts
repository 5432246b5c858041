import { forbiddenCharPattern } from './rule-building-blocks.ts';

// Reference data gets the same text rules as applicant input (issue 32, finding 8): a name that comes
// from a file an operator loads (the postal table's towns, municipalities and their kana) reaches
// applicants' addresses, the hand-over file and the staff exports, so it must not hold what an
// applicant's field refuses — control and format characters (decision 0091) — nor what a spreadsheet
// would run (a leading = + - @ tab or carriage return, as adapters/csv.ts escapes on the way out) or a
// browser would read as markup, nor be longer than the field it fills. Messages are for the operator's
// console (English), not for applicants.

/** What a spreadsheet runs as a formula when a field starts with it. */
export const formulaLeadingPattern = /^[=+\-@\t\r]/;
/** The start of an HTML/XML tag, comment or processing instruction: '<' followed by a letter, '/', '!' or '?'. */
export const markupPattern = /<\s*[A-Za-z/!?]/;

const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why `value` may not be a name from reference data (null: it may), for a field of at most `maxLength` characters. */
export function referenceTextProblem(value: string, maxLength: number): string | null {
  const forbidden = forbiddenCharPattern.exec(value);
  if (forbidden) return `holds ${codePoint(forbidden[0])}, a control or format character`;
  if (formulaLeadingPattern.test(value)) return `starts with ${JSON.stringify(value[0])}, as a spreadsheet formula does`;
  const markup = markupPattern.exec(value);
  if (markup) return `holds markup (${JSON.stringify(value.slice(markup.index, markup.index + 12))}…)`;
  const length = [...value].length;
  if (length > maxLength) return `is ${length} characters long, more than the ${maxLength} its field holds`;
  return null;
}
