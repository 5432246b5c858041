import { useSyncExternalStore } from 'react';

// An applicant already inside meets a maintenance window (issue 27, docs/decisions/0211-maintenance-for-applicants-inside.md):
// the API refuses the write with 503 { code: 'MAINTENANCE', startedAt, endedAt }. The client does not
// fail the call: it holds it here while the maintenance modal shows (components/maintenance-pause.tsx,
// in the layout of every page) and sends it again once the applicant resumes after the window. The
// screen only sees a call that took longer; what was typed stays in its form.

export interface MaintenanceWindow {
  startedAt: string;
  endedAt: string;
}

let current: MaintenanceWindow | null = null;
let waiting: (() => void)[] = [];
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Shows the modal for `window`; resolves when the applicant resumes after it. */
export function pauseForMaintenance(window: MaintenanceWindow): Promise<void> {
  if (current?.startedAt !== window.startedAt || current.endedAt !== window.endedAt) {
    current = window;
    notify();
  }
  return new Promise((resolve) => waiting.push(resolve));
}

/** The window was moved (the staff extended it): the modal shows the new times. */
export function updateMaintenanceWindow(window: MaintenanceWindow): void {
  if (current === null || (current.startedAt === window.startedAt && current.endedAt === window.endedAt)) return;
  current = window;
  notify();
}

/** The window is over: the modal closes and the held calls are sent again. */
export function resumeAfterMaintenance(): void {
  current = null;
  const resumed = waiting;
  waiting = [];
  notify();
  for (const resolve of resumed) resolve();
}

/** The window a held call met, or null: what the modal shows. */
export function useMaintenancePause(): MaintenanceWindow | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}

/** The answer body of a write refused during maintenance, or null. */
export function maintenanceWindowOf(status: number, body: unknown): MaintenanceWindow | null {
  if (status !== 503 || typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  return b.code === 'MAINTENANCE' && typeof b.startedAt === 'string' && typeof b.endedAt === 'string' ? { startedAt: b.startedAt, endedAt: b.endedAt } : null;
}
