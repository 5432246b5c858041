import { z } from 'zod';
import { queryLimits } from '@koza/domain/constants';

// Entry query inputs that travel with calls (SPEC.md §3, §9): channel (≤ 20) and deviceId (UUID).
// As on the web, an invalid value is dropped (null), never an error: the applicant cannot fix it.

const channelPattern = new RegExp(`^[A-Za-z0-9._-]{1,${queryLimits.channel}}$`);
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const channelInput = z
  .unknown()
  .optional()
  .transform((v): string | null => (typeof v === 'string' && channelPattern.test(v) ? v : null));

export const deviceIdInput = z
  .unknown()
  .optional()
  .transform((v): string | null => (typeof v === 'string' && uuidPattern.test(v) ? v.toLowerCase() : null));

export const isChannelId = (v: string): boolean => channelPattern.test(v);
