import type { TermAnswers } from '../screens/term/term-answers.ts';

/** Every /term answer positive (My Number: do not wish): Next is enabled. */
export const allPositiveTermAnswers: TermAnswers = {
  firstAccount: 'yes',
  identityDocument: 'yes',
  adult: 'yes',
  conditions: 'yes',
  regulations: 'yes',
  myNumber: 'doNotWish',
  passbookLess: true,
  sealLess: true,
};
