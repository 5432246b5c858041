import { z } from 'zod';
import type { ApplicationType, BankCode } from '@koza/domain/constants';
import { ApiError, api } from './client.ts';

// The calls of the entry pages (SPEC.md §7, DECISIONS.md §3–§5): one function per call.

const maintenanceSchema = z.object({ startedAt: z.string(), endedAt: z.string() });
export type Maintenance = z.infer<typeof maintenanceSchema>;

/** GET /api/maintenance: the active window, or null when there is none (404). Other failures throw. */
export async function getMaintenance(signal?: AbortSignal): Promise<Maintenance | null> {
  try {
    return await api.get('/api/maintenance', { auth: false, schema: maintenanceSchema, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const notificationsSchema = z.object({ notificationList: z.array(z.object({ contents: z.string() })) });

/** GET /api/notifications/{bankCode or channel}: the notices' texts (no auth). */
export async function getNotifications(target: string, signal?: AbortSignal): Promise<string[]> {
  const result = await api.get(`/api/notifications/${encodeURIComponent(target)}`, {
    auth: false,
    schema: notificationsSchema,
    signal,
  });
  return result.notificationList.map((n) => n.contents);
}

export interface RegisterRequest {
  bankCode: BankCode;
  mailAddress: string;
  applicationType: ApplicationType;
}

/** POST /api/verification-codes/register → 204; 400 (address), 429 (too many mails). */
export async function registerVerificationCode(request: RegisterRequest): Promise<void> {
  await api.post('/api/verification-codes/register', request, { auth: false });
}

export interface VerifyRequest {
  bankCode: BankCode;
  mailAddress: string;
  verificationCode: string;
  channel: string | null;
  deviceId: string | null;
  applicationType: ApplicationType;
}

const verifySchema = z.object({ authenticationToken: z.string().min(1) });

/** POST /api/verification-codes/verify → the token; 400 or 401 mean a wrong code (shown on the screen). */
export async function verifyVerificationCode(request: VerifyRequest): Promise<string> {
  const result = await api.post('/api/verification-codes/verify', request, {
    auth: false,
    schema: verifySchema,
    sessionErrorOn401: false,
  });
  return result.authenticationToken;
}

const applicationsSchema = z.object({
  application: z.record(z.string(), z.unknown()).nullable(),
  applicationParent: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type ApplicationsResponse = z.infer<typeof applicationsSchema>;

/** GET /api/applications (auth): what has been saved so far (a resumed draft prefills the forms). */
export function getApplications(signal?: AbortSignal): Promise<ApplicationsResponse> {
  return api.get('/api/applications', { schema: applicationsSchema, signal });
}

export interface PageView {
  path: string;
  bankCode: BankCode;
  applicationType?: ApplicationType;
  channel?: string;
  deviceId?: string;
}

/** POST /api/page-views: fire and forget (no auth); a lost page view must never disturb the applicant. */
export function sendPageView(view: PageView): void {
  api.post('/api/page-views', view, { auth: false, sessionErrorOn401: false }).catch(() => undefined);
}
