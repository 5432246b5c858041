// Tokens that must not break across lines (a date, a time, a time range, a phone number, an era
// year): a reader who sees 「1月3」 at the end of one line and 「日」 at the start of the next has to
// work out what was meant. Used by components/keep-together.tsx; the e2e layout check matches the same
// kinds of token.
const tokenPattern =
  /(\d{4}年\d{1,2}月\d{1,2}日|\d{1,2}月\d{1,2}日|(?:明治|大正|昭和|平成|令和)(?:元|\d{1,2})年|\d{4}年|\d{1,2}:\d{2}(?:[〜~～－-]\d{1,2}:\d{2})?|0\d{1,4}-\d{1,4}-\d{3,4}|\d{4}\/\d{1,2}\/\d{1,2})/u;

/** The text split into plain runs (even indices) and tokens to keep together (odd indices). */
export function splitKeepTogether(text: string): string[] {
  return text.split(new RegExp(tokenPattern.source, 'gu'));
}
