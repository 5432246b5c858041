import { mailMaxLength } from '@koza/domain/constants';

// The inputs of a page that sends a code by mail and asks it back (verification, status check):
// the right keyboard and autofill (DESIGN.md "Input").

/** A mail address: the e-mail keyboard, no capitalisation or spell check, the address autofill. */
export const mailInputAttributes = {
  type: 'email',
  name: 'email',
  autoComplete: 'email',
  inputMode: 'email',
  autoCapitalize: 'off',
  spellCheck: false,
  maxLength: mailMaxLength,
} as const;

/** A code from a mail: digits, and the one-time-code autofill of the phone's keyboard. */
export const mailedCodeInputAttributes = {
  type: 'text',
  name: 'one-time-code',
  autoComplete: 'one-time-code',
  inputMode: 'numeric',
  maxLength: 20,
} as const;
