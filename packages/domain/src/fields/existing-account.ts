// Existing account (既存口座): branch code and account number of an account already held, asked when
// the workplace allows a second account and the applicant says they hold one (SPEC.md §5, §9).

import { messages } from '../messages.ts';
import { accountNumberLength, branchCodeLength } from '../constants.ts';
import { normaliseHalfWidth } from '../normalise.ts';
import { optionalText, requiredText } from './rule-building-blocks.ts';
import type { Rule } from './rule-building-blocks.ts';

export { accountNumberLength, branchCodeLength };

const padDigits = (s: string, length: number): string => {
  const v = normaliseHalfWidth(s);
  return /^\d+$/.test(v) && v.length < length ? v.padStart(length, '0') : v;
};

/** '12' → '012'. Non-digits and over-long values are left for the rule to refuse. */
export const padBranchCode = (s: string): string => padDigits(s, branchCodeLength);
/** '12345' → '0012345'. */
export const padAccountNumber = (s: string): string => padDigits(s, accountNumberLength);

const digitsRule =
  (length: number): Rule =>
  (v) =>
    new RegExp(`^\\d{${length}}$`).test(v) ? null : messages.existingAccountInvalid;

export const existingBranchCodeSchema = requiredText({
  normalise: padBranchCode,
  requiredMessage: messages.existingAccountInvalid,
  rules: [digitsRule(branchCodeLength)],
});
export const existingAccountNumberSchema = requiredText({
  normalise: padAccountNumber,
  requiredMessage: messages.existingAccountInvalid,
  rules: [digitsRule(accountNumberLength)],
});

/** As saved with the workplace data: empty → null (whether both are needed is decided by the screen). */
export const optionalBranchCodeSchema = optionalText({
  normalise: padBranchCode,
  requiredMessage: messages.existingAccountInvalid,
  rules: [digitsRule(branchCodeLength)],
});
export const optionalAccountNumberSchema = optionalText({
  normalise: padAccountNumber,
  requiredMessage: messages.existingAccountInvalid,
  rules: [digitsRule(accountNumberLength)],
});

/**
 * Whether a workplace lets its staff open a second account (multipleAccounts PERMITTED): only then is
 * the existing account asked (SPEC.md §4). The web's question and the API's schema context use this.
 */
export const isMultipleAccountsPermitted = (workplace: { multipleAccounts: string } | null | undefined): boolean => workplace?.multipleAccounts === 'PERMITTED';
