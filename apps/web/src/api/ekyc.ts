import {
  completionResponseSchema,
  ekycStartResponseSchema,
  ekycStatusResponseSchema,
  ekycViewResponseSchema,
  type CompletionResponse,
  type EkycStartRequest,
  type EkycStartResponse,
  type EkycStatusResponse,
  type EkycViewResponse,
} from '@koza/domain/api/ekyc';
import type { DocumentType } from '@koza/domain/constants';
import { api } from './client.ts';

// The calls from the eKYC preparation to the receipt (SPEC.md §7), read with the API contract of @koza/domain/api/ekyc.

export type EkycView = EkycViewResponse;
export type EkycStatusAnswer = EkycStatusResponse;
export type Completion = CompletionResponse;
export { completionResponseSchema as completionSchema };

const startRequest: EkycStartRequest = { supplement: false };

/** POST /api/ekyc: opens a session at the provider; the browser then navigates to `url`. */
export const startEkyc = (): Promise<EkycStartResponse> => api.post('/api/ekyc', startRequest, { schema: ekycStartResponseSchema });

/** GET /api/ekyc: the method in force (of the current session, or today's before any), status and url. */
export const getEkyc = (signal?: AbortSignal): Promise<EkycView> => api.get('/api/ekyc', { schema: ekycViewResponseSchema, signal });

/** POST /api/ekyc/status: our status code (1, 2, 4, 8, 9) and whether a supplement is required. */
export const fetchEkycStatus = (): Promise<EkycStatusAnswer> => api.post('/api/ekyc/status', {}, { schema: ekycStatusResponseSchema });

/** POST /api/documents: multipart image + type; 204. */
export async function uploadDocument(image: Blob, type: DocumentType, fileName = 'document.jpg'): Promise<void> {
  const form = new FormData();
  form.append('type', type);
  form.append('image', image, fileName);
  await api.post('/api/documents', form);
}

/** POST /api/application-complete: idempotent; the receipt number and time (ISO 8601, +09:00). */
export const completeApplication = (): Promise<Completion> => api.post('/api/application-complete', undefined, { schema: completionResponseSchema });
