import {
  maintenanceResponseSchema,
  notificationsResponseSchema,
  verificationVerifyResponseSchema,
  type MaintenanceResponse,
  type PageViewRequest,
  type VerificationRegisterRequest,
  type VerificationVerifyRequest,
} from '@koza/domain/api/entry';
import { applicationsResponseSchema, type ApplicationsResponse } from '@koza/domain/api/application';
import { ApiError, api } from './client.ts';

// The calls of the entry pages (SPEC.md §7, DECISIONS.md §3–§5): one function per call. The bodies
// are the API contract of @koza/domain/api/* that the API's routes answer with.

export type Maintenance = MaintenanceResponse;

/** GET /api/maintenance: the active window, or null when there is none (404). Other failures throw. */
export async function getMaintenance(signal?: AbortSignal): Promise<Maintenance | null> {
  try {
    return await api.get('/api/maintenance', { auth: false, schema: maintenanceResponseSchema, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** GET /api/notifications/{bankCode or channel}: the notices' texts (no auth). */
export async function getNotifications(target: string, signal?: AbortSignal): Promise<string[]> {
  const result = await api.get(`/api/notifications/${encodeURIComponent(target)}`, {
    auth: false,
    schema: notificationsResponseSchema,
    signal,
  });
  return result.notificationList.map((n) => n.contents);
}

/** POST /api/verification-codes/register → 204; 400 (address), 429 (too many mails). */
export async function registerVerificationCode(request: VerificationRegisterRequest): Promise<void> {
  await api.post('/api/verification-codes/register', request, { auth: false });
}

/** POST /api/verification-codes/verify → the token; 400 or 401 mean a wrong code (shown on the screen). */
export async function verifyVerificationCode(request: VerificationVerifyRequest): Promise<string> {
  const result = await api.post('/api/verification-codes/verify', request, {
    auth: false,
    schema: verificationVerifyResponseSchema,
    sessionErrorOn401: false,
  });
  return result.authenticationToken;
}

/** GET /api/applications (auth): what has been saved so far (a resumed draft prefills the forms). */
export function getApplications(signal?: AbortSignal): Promise<ApplicationsResponse> {
  return api.get('/api/applications', { schema: applicationsResponseSchema, signal });
}

/** POST /api/page-views: fire and forget (no auth); a lost page view must never disturb the applicant. */
export function sendPageView(view: PageViewRequest): void {
  api.post('/api/page-views', view, { auth: false, sessionErrorOn401: false }).catch(() => undefined);
}
