// The format of the workplace code (勤務先コード) and the invitation code (紹介コード), SPEC.md §5, §9,
// with no schema library: the web's entry page checks the entry query's codes with these before
// anything else is loaded (docs/decisions/0170-first-screen-without-zod.md). codes.ts builds the
// field schemas from the same predicates.

import { invitationCodeLength, queryLimits, workplaceCodeLengths } from '../constants.ts';
import { normaliseHalfWidth } from '../normalise.ts';

/** Half-width letters and digits; the length rule tells the applicant what is expected. */
const alphanumeric = /^[0-9A-Za-z]+$/;

export const normaliseCode = normaliseHalfWidth;

export const isWorkplaceCodeFormat = (v: string): boolean => alphanumeric.test(v) && (workplaceCodeLengths as readonly number[]).includes(v.length);
export const isInvitationCodeFormat = (v: string): boolean => alphanumeric.test(v) && v.length === invitationCodeLength;

/**
 * The entry channel (?channel=, SPEC.md §3 "channel (kept to 20 characters)"): it names a notification
 * set and goes into a URL path (/api/notifications/{channel}), so only letters, digits, '-', '_' and
 * '.' are valid; an invalid value is dropped (null), a valid longer one is cut to 20 characters.
 */
export function entryChannel(raw: string): string | null {
  return channelCharacters.test(raw) ? raw.slice(0, queryLimits.channel) : null;
}
const channelCharacters = /^[A-Za-z0-9._-]+$/;
