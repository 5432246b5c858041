// Fixed choices: gender, relationship to the child, proxy reason, branch, seal-less, confirmations.

import { z } from 'zod';
import { messages } from '../messages.ts';
import { branchCodeLength, genders, proxyReasonMinor, relationships } from '../constants.ts';
import { choice } from './rule-building-blocks.ts';

export const genderSchema = choice(genders);
/** FATHER (父) or MOTHER (母). */
export const relationshipSchema = choice(relationships);
const legacyProxyReason = 'MINOR';
/**
 * The only proxy reason: the child is a minor, 'minor' (SPEC.md §3, §9). The upper-case 'MINOR' that
 * pages built before decision 0190 still send during a rollout is read as 'minor'.
 */
export const proxyReasonSchema = z.preprocess((v) => (v === legacyProxyReason ? proxyReasonMinor : v), choice([proxyReasonMinor]));

/** A branch of the list: its 3-digit code. */
export const branchCodeSchema = z
  .string({ error: messages.selectRequired })
  .regex(new RegExp(`^\\d{${branchCodeLength}}$`), { error: messages.selectRequired });

/** Yes (true) or no (false); nothing → 選択が必須です。 */
export const yesNoSchema = z.boolean({ error: messages.selectRequired });

/** A checkbox that must be ticked. */
export const tickedSchema = (message: string) => z.literal(true, { error: message });
