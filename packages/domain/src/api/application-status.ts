// The zod contract of the applicant's status check (docs/decisions/0192-application-status-page.md):
// POST /api/application-status/code (send a code) and POST /api/application-status (show the state).
// No bearer token: the mail address, the receipt number and the code are the credentials.

import { z } from 'zod';
import { applicantStatuses, applicationNumberPattern, statusText } from '../application-status.ts';
import { applicationTypes } from '../constants.ts';
import { messages } from '../messages.ts';
import { mailSchema } from '../fields/mail.ts';
import { verificationCodeSchema } from '../fields/verification-code.ts';
import { normaliseHalfWidth } from '../normalise.ts';

/** The receipt number as typed: half-width, trimmed; required, then the completion's format. */
export const applicationNumberSchema = z
  .string({ error: statusText.numberRequired })
  .transform((v) => normaliseHalfWidth(v))
  .pipe(z.string().min(1, statusText.numberRequired).max(30, statusText.numberInvalid).regex(applicationNumberPattern, statusText.numberInvalid));

/** The first half of the page: which application (checked by the web before sending too). */
export const statusLookupSchema = z.object({ mailAddress: mailSchema, applicationNumber: applicationNumberSchema });

const bankCodeInput = z.string({ error: messages.bankMismatch });

/**
 * POST /api/application-status/code → 204 whether or not such an application exists (a code is
 * mailed only when it does); 400 { errors } on the fields; 429 over the verification sending limits.
 */
export const statusCodeRequestSchema = statusLookupSchema.extend({ bankCode: bankCodeInput });
export type StatusCodeRequest = z.input<typeof statusCodeRequestSchema>;

/** POST /api/application-status → 200 the state; 400 { errors } on `verificationCode` for any failure alike. */
export const statusRequestSchema = statusCodeRequestSchema.extend({ verificationCode: verificationCodeSchema });
export type StatusRequest = z.input<typeof statusRequestSchema>;

/** What the page shows: no personal data beyond the account holder's first name and the branch. */
export const applicationStatusSchema = z.object({
  status: z.enum(applicantStatuses),
  applicationNumber: z.string(),
  applicationType: z.enum(applicationTypes),
  firstName: z.string(),
  branchName: z.string(),
  /** ISO 8601 with +09:00. */
  appliedAt: z.string(),
  decidedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** A rejection's reason, only when staff chose one of the shareable reasons. */
  reason: z.string().nullable(),
});
export type ApplicationStatusView = z.infer<typeof applicationStatusSchema>;
