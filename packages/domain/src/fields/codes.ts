// Workplace code (勤務先コード) and invitation code (紹介コード), SPEC.md §5, §9. Typed half-width
// (converted on blur) and applied with a lookup; the schemas decide whether a code may be looked up.

import { messages } from '../messages.ts';
import { isInvitationCodeFormat, isWorkplaceCodeFormat, normaliseCode } from './code-format.ts';
import { optionalText, requiredText } from './rule-building-blocks.ts';
import type { Rule } from './rule-building-blocks.ts';

export { normaliseCode };

const workplaceCodeRule: Rule = (v) => (isWorkplaceCodeFormat(v) ? null : messages.workplaceCodeLength);
const invitationCodeRule: Rule = (v) => (isInvitationCodeFormat(v) ? null : messages.invitationCodeLength);

/** A code to apply (look up): 6 or 8 characters. */
export const workplaceCodeSchema = requiredText({ normalise: normaliseCode, rules: [workplaceCodeRule] });
/** A code to apply (look up): 6 characters. */
export const invitationCodeSchema = requiredText({ normalise: normaliseCode, rules: [invitationCodeRule] });
/** The invitation code as saved with the workplace data: empty → null. */
export const optionalInvitationCodeSchema = optionalText({ normalise: normaliseCode, rules: [invitationCodeRule] });
