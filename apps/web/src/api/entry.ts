import type { MaintenanceResponse, NotificationsResponse, PageViewRequest } from '@koza/domain/api/entry';
import { ApiCallError, api, type BodyReader } from './client.ts';

// The calls of the entry pages (SPEC.md §7, DECISIONS.md §3–§5) that the first page makes: one
// function per call. The bodies are the API contract of @koza/domain/api/entry, which the API's
// routes answer with. The first page loads no zod (docs/decisions/0170-first-screen-without-zod.md):
// its two answers are read by the small readers below, typed by the contract's own types; the
// verification calls are in verification.ts, with the screen that makes them.

export type Maintenance = MaintenanceResponse;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{ startedAt, endedAt }` (strings), as maintenanceResponseSchema. */
const maintenanceReader: BodyReader<MaintenanceResponse> = {
  safeParse: (data) =>
    isRecord(data) && typeof data.startedAt === 'string' && typeof data.endedAt === 'string'
      ? { success: true, data: { startedAt: data.startedAt, endedAt: data.endedAt } }
      : { success: false },
};

/** `{ notificationList: [{ contents }] }` (strings), as notificationsResponseSchema. */
const notificationsReader: BodyReader<NotificationsResponse> = {
  safeParse: (data) => {
    if (!isRecord(data) || !Array.isArray(data.notificationList)) return { success: false };
    const notificationList: NotificationsResponse['notificationList'] = [];
    for (const item of data.notificationList as unknown[]) {
      if (!isRecord(item) || typeof item.contents !== 'string') return { success: false };
      notificationList.push({ contents: item.contents });
    }
    return { success: true, data: { notificationList } };
  },
};

/** The paths of the landing modals' two calls (the notices of a bank or of a channel). */
export const landingPaths = {
  maintenance: '/api/maintenance',
  notifications: (target: string) => `/api/notifications/${encodeURIComponent(target)}` as const,
} as const;

/** GET /api/maintenance: the active window, or null when there is none (404). Other failures throw. */
export async function getMaintenance(signal?: AbortSignal): Promise<Maintenance | null> {
  try {
    return await api.get(landingPaths.maintenance, { auth: false, schema: maintenanceReader, signal });
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) return null;
    throw error;
  }
}

/** GET /api/notifications/{bankCode or channel}: the notices' texts (no auth). */
export async function getNotifications(target: string, signal?: AbortSignal): Promise<string[]> {
  const result = await api.get(landingPaths.notifications(target), {
    auth: false,
    schema: notificationsReader,
    signal,
  });
  return result.notificationList.map((n) => n.contents);
}

/** POST /api/page-views: fire and forget (no auth); a lost page view must never disturb the applicant. */
export function sendPageView(view: PageViewRequest): void {
  api.post('/api/page-views', view, { auth: false, sessionErrorOn401: false }).catch(() => undefined);
}
