import { allBanks } from '@koza/domain/banks/banks';
import { adminMessages } from '@koza/domain/admin/messages';
import { FieldValidationError } from '../platform/refusals.ts';

// Staff passwords per NIST SP 800-63B 5.1.1.2 (docs/decisions/0201-staff-password-policy.md): 12 to
// 128 characters (the zod schema), any characters, no composition rules, and refused when it is
// - on the list of common passwords shipped in @zxcvbn-ts/language-common (49,000 from breach
//   corpora), as typed, in lower case, or once the digits and symbols around a word are taken off
//   (`password1234`, `qwertyuiop123`, `!!iloveyou!!`);
// - one short piece repeated (`passwordpassword`, `abcabcabcabc`), or of fewer than 5 distinct characters;
// - made of digits and symbols only (`123456789012`);
// - holding the login id, a bank's name (kanji, kana, the host's romaji) or the service's name.
// The list is loaded at the first check (decision 0182), not at start.

let common: Promise<ReadonlySet<string>> | null = null;
const commonPasswords = () =>
  (common ??= import('@zxcvbn-ts/language-common').then((m) => new Set(m.dictionary['passwords-common'].map((p) => p.toLowerCase()))));

const serviceNames = ['koza', 'kouza', 'kooza', '口座', 'こうざ', 'コウザ', 'web口座', 'ekyc'];
const bankNames = allBanks.flatMap((b) => [b.name, b.name.replace(/銀行$/, ''), b.shortName, b.devHost.split('.')[0]!]);

/** A piece of `s` repeated to make it whole, or null. */
function repeatedUnit(s: string): string | null {
  for (let size = 1; size <= s.length / 2; size++) {
    if (s.length % size === 0 && s.slice(0, size).repeat(s.length / size) === s) return s.slice(0, size);
  }
  return null;
}

/** The message refusing `password` for this member, or null when it may be used. */
export async function passwordPolicyMessage(password: string, context: { loginId: string }): Promise<string | null> {
  const lower = password.normalize('NFKC').toLowerCase();
  const compact = lower.replace(/[\s_.-]/g, '');
  const names = [...serviceNames, ...bankNames].map((n) => n.toLowerCase()).filter((n) => n.length >= 2);
  if (context.loginId.length >= 3) names.push(context.loginId.toLowerCase());
  if (names.some((n) => lower.includes(n) || compact.includes(n.replace(/[\s_.-]/g, '')))) return adminMessages.passwordHasName;

  const list = await commonPasswords();
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  const candidates = [lower, compact, core, repeatedUnit(lower), repeatedUnit(core)].filter((c): c is string => c !== null && c !== '');
  if (candidates.some((c) => list.has(c))) return adminMessages.passwordCommon;
  if (!/\p{L}/u.test(lower) || repeatedUnit(lower) !== null || new Set(lower).size < 5) return adminMessages.passwordCommon;
  return null;
}

/** Throws the field error (400) when the password may not be used. */
export async function assertPasswordAllowed(field: string, password: string, context: { loginId: string }): Promise<void> {
  const message = await passwordPolicyMessage(password, context);
  if (message !== null) throw new FieldValidationError([{ field, message }]);
}
