// Postal code (郵便番号): 7 digits, shown 3-4 with an automatic hyphen (SPEC.md §5, §9).

import { messages } from '../messages.ts';
import { postalCodeLength } from '../constants.ts';
import { normaliseHalfWidth } from '../normalise.ts';
import { patternRule, requiredText } from './rule-building-blocks.ts';

export { postalCodeLength };
export const postalCodePattern = /^\d{7}$/;

/** Half-width digits with the display hyphen removed: '〒８１０－０００１' → '8100001'. */
export const normalisePostalCode = (s: string): string => normaliseHalfWidth(s).replace(/^〒/, '').replace(/-/g, '');

/** Display form: '8100001' → '810-0001' (partial input gets the hyphen once a 4th digit comes). */
export const formatPostalCode = (digits: string): string => (digits.length > 3 ? `${digits.slice(0, 3)}-${digits.slice(3, postalCodeLength)}` : digits);

/** Address search is offered only for a complete code. */
export const isSearchablePostalCode = (s: string): boolean => postalCodePattern.test(normalisePostalCode(s));

export const postalCodeSchema = requiredText({
  normalise: normalisePostalCode,
  rules: [patternRule(postalCodePattern, messages.postalCodeInvalid)],
});
