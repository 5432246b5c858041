// The bodies of the entry calls (SPEC.md §7, DECISIONS.md §3): maintenance, notifications, mail
// verification and page views. The API's routes parse and answer with these schemas; the web's
// client reads the answers with the same ones. Requests are typed as what may be sent (z.input).

import { z } from 'zod';
import { applicationTypes, queryLimits } from '../constants.ts';
import { messages } from '../messages.ts';
import { choice } from '../fields/rule-building-blocks.ts';
import { entryChannel } from '../fields/code-format.ts';
import { verificationMailSchema } from '../steps/verification-mail.ts';
import { verifyRequestSchema } from '../steps/verification-code.ts';

/** GET /api/maintenance → 200 while a window is active for the host's bank (404 otherwise). */
export const maintenanceResponseSchema = z.object({ startedAt: z.string(), endedAt: z.string() });
export type MaintenanceResponse = z.infer<typeof maintenanceResponseSchema>;

/** GET /api/notifications/{bankCode or channel} (no auth) → the notices' texts; unknown → an empty list. */
export const notificationsResponseSchema = z.object({ notificationList: z.array(z.object({ contents: z.string() })) });
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

// Entry query inputs that travel with calls (SPEC.md §3, §9): channel (cut to 20) and deviceId (UUID).
// As on the web, an invalid value is dropped (null), never an error: the applicant cannot fix it.

const channelPattern = new RegExp(`^[A-Za-z0-9._-]{1,${queryLimits.channel}}$`);
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isChannelId = (v: string): boolean => channelPattern.test(v);

/** The channel sent with verify: as on the entry page, cut to 20 characters, or null when invalid. */
export const channelInput = z
  .unknown()
  .optional()
  .transform((v): string | null => (typeof v === 'string' ? entryChannel(v) : null));

export const deviceIdInput = z
  .unknown()
  .optional()
  .transform((v): string | null => (typeof v === 'string' && uuidPattern.test(v) ? v.toLowerCase() : null));

/** The payload's bank; the API answers bankMismatch on `bankCode` when it is not the host's (DECISIONS.md §2). */
const bankCodeInput = z.string({ error: messages.bankMismatch });
const applicationTypeInput = choice(applicationTypes);

/** POST /api/verification-codes/register → 204; 400 on mailAddress; 429 over the sending limits. */
export const verificationRegisterRequestSchema = verificationMailSchema.extend({ bankCode: bankCodeInput, applicationType: applicationTypeInput });
export type VerificationRegisterRequest = z.input<typeof verificationRegisterRequestSchema>;

/** POST /api/verification-codes/verify → 200 { authenticationToken }; 400, or 401 { errors } for a wrong code. */
export const verificationVerifyRequestSchema = verifyRequestSchema.extend({
  bankCode: bankCodeInput,
  applicationType: applicationTypeInput,
  channel: channelInput,
  deviceId: deviceIdInput,
});
export type VerificationVerifyRequest = z.input<typeof verificationVerifyRequestSchema>;

export const verificationVerifyResponseSchema = z.object({ authenticationToken: z.string() });

export const pagePathMaxLength = 200;

/** POST /api/page-views → 204 (no auth; rate limited per client IP). */
export const pageViewRequestSchema = z.object({
  // The route only: query and fragment are cut (they may carry entry codes), never stored.
  path: z
    .string()
    .max(pagePathMaxLength * 4)
    .transform((p) => p.split(/[?#]/)[0] ?? '')
    .refine((p) => p.startsWith('/') && p.length <= pagePathMaxLength && !/[\s\p{Cc}]/u.test(p)),
  bankCode: bankCodeInput,
  applicationType: z
    .enum(applicationTypes)
    .nullish()
    .transform((v) => v ?? null),
  channel: channelInput,
  deviceId: deviceIdInput,
});
export type PageViewRequest = z.input<typeof pageViewRequestSchema>;
