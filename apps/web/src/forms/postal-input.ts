import { postalCodeLength } from '@koza/domain/constants';
import { formatPostalCode, normalisePostalCode } from '@koza/domain/fields/postal-code';

/**
 * What the postal-code input keeps of a keystroke: digits only (full-width ones converted), at most
 * 7, shown with the hyphen after the third digit once a fourth comes (SPEC.md §5).
 */
export function postalInput(raw: string): { digits: string; display: string } {
  const digits = normalisePostalCode(raw).replace(/\D/g, '').slice(0, postalCodeLength);
  return { digits, display: formatPostalCode(digits) };
}
