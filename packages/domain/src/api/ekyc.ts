// The bodies from the eKYC preparation to the receipt (SPEC.md §7; DECISIONS.md §5, §6): eKYC, documents and the
// completion. Their 409 answers are ConflictBody (./errors.ts).

import { z } from 'zod';
import { documentTypes } from '../constants.ts';
import type { EkycMethod } from '../constants.ts';

export const ekycMethodSchema = z.enum(['PHOTO_ID_AND_FACE', 'JPKI'] as const satisfies readonly EkycMethod[]);

/**
 * POST /api/ekyc (auth) { supplement: false } (or no body) → 200 { url }, where the browser goes next.
 * The current-address supplement is an upload, never a second eKYC, so only false is accepted.
 */
export const ekycStartRequestSchema = z.object({ supplement: z.literal(false).optional() });
export type EkycStartRequest = z.infer<typeof ekycStartRequestSchema>;

export const ekycStartResponseSchema = z.object({ url: z.string() });
export type EkycStartResponse = z.infer<typeof ekycStartResponseSchema>;

/** 503 of POST /api/ekyc when the provider cannot be used (the web shows /ekyc-error). */
export const ekycUnavailableBodySchema = z.object({ code: z.literal('EKYC_UNAVAILABLE'), message: z.string() });

/** GET /api/ekyc (auth) → the method in force, our status (null before any session), and the session's url. */
export const ekycViewResponseSchema = z.object({
  method: ekycMethodSchema,
  status: z.number().int().nullable(),
  supplementRequired: z.boolean(),
  url: z.string().optional(),
});
export type EkycViewResponse = z.infer<typeof ekycViewResponseSchema>;

/** POST /api/ekyc/status (auth, empty body) → status 1, 2, 4, 8 or 9 (constants.ts ekycStatus). */
export const ekycStatusResponseSchema = z.object({ status: z.number().int(), supplementRequired: z.boolean() });
export type EkycStatusResponse = z.infer<typeof ekycStatusResponseSchema>;

/**
 * @public POST /api/documents (auth): multipart/form-data with `image` (one file) and `type`, one of
 * these → 204 (the child flow's document pages read it, issue 10).
 */
export const documentTypeSchema = z.enum(documentTypes);

/** POST /api/application-complete (auth, empty body) → the receipt; the same again on a retry. */
export const completionResponseSchema = z.object({ applicationNumber: z.string(), applicationCompletedAt: z.string() });
export type CompletionResponse = z.infer<typeof completionResponseSchema>;
