// Mail address (メールアドレス), SPEC.md §5, §9.

import { messages } from '../messages.ts';
import { mailMaxLength } from '../constants.ts';
import { normaliseHalfWidth } from '../normalise.ts';
import { requiredText } from './rule-building-blocks.ts';
import type { Rule } from './rule-building-blocks.ts';

export { mailMaxLength };

/**
 * The WHATWG HTML "valid e-mail address" pattern (what <input type="email"> accepts), with at least one
 * dot in the domain since a bank's mail must be deliverable on the Internet.
 */
export const mailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Half-width, trimmed. Case is kept: the local part may be case-sensitive. */
export const normaliseMail = normaliseHalfWidth;

const mailRule: Rule = (v) => (v.length <= mailMaxLength && mailPattern.test(v) ? null : messages.mailInvalid);

/** Every failure, empty included, answers メールアドレスを正しく入力してください。 */
export const mailSchema = requiredText({ normalise: normaliseMail, requiredMessage: messages.mailInvalid, rules: [mailRule] });
