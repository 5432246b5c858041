// Verification code (認証コード) from the mail: 6 digits, spaces stripped (SPEC.md §5, DECISIONS.md §3).

import { messages } from '../messages.ts';
import { verification } from '../constants.ts';
import { normaliseVerificationCode } from '../normalise.ts';
import { requiredText } from './rule-building-blocks.ts';
import type { Rule } from './rule-building-blocks.ts';

export const verificationCodeLength = verification.codeDigits;
export { normaliseVerificationCode };

const codeRule: Rule = (v) => (new RegExp(`^\\d{${verificationCodeLength}}$`).test(v) ? null : messages.verificationFailed);

/** Empty → 入力が必須です。 (Next stays disabled); anything but 6 digits fails like a wrong code. */
export const verificationCodeSchema = requiredText({ normalise: normaliseVerificationCode, rules: [codeRule] });
