import { applicationStatusSchema, type ApplicationStatusView, type StatusCodeRequest, type StatusRequest } from '@koza/domain/api/application-status';
import { api } from './client.ts';

// お申込み状況の確認 (decision 0192): no token, and a 401 is never a session error here.

/** POST /api/application-status/code → 204 whether or not the application exists; 400 (fields), 429 (too many mails). */
export async function askStatusCode(request: StatusCodeRequest): Promise<void> {
  await api.post('/api/application-status/code', request, { auth: false, sessionErrorOn401: false });
}

/** POST /api/application-status → the state; 400 for a wrong code, number or address alike. */
export async function showStatus(request: StatusRequest): Promise<ApplicationStatusView> {
  return api.post('/api/application-status', request, { auth: false, schema: applicationStatusSchema, sessionErrorOn401: false });
}
