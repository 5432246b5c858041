import { useSyncExternalStore } from 'react';
import { toastAutoCloseMs } from '@koza/domain/constants';

// The app's toasts (SPEC.md §9: notification toasts stay until dismissed, other toasts close after
// 5 seconds). A small store instead of a toast library: the toasts are drawn inside the screen's
// bottom Back/Next bar (components/toast-region.tsx), so they never cover the bank's logo, the step
// bar, a heading or the buttons, and nothing injects inline styles (CSP).

export interface ToastItem {
  id: string;
  message: string;
}

interface ToastOptions {
  /** A toast shown again under the same id replaces the earlier one. Default: the message. */
  id?: string;
  /** Milliseconds before it closes by itself; Infinity for a notification that stays. */
  duration?: number;
}

let items: readonly ToastItem[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: readonly ToastItem[]): void {
  items = next;
  for (const listener of listeners) listener();
}

function dismiss(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  if (items.some((t) => t.id === id)) publish(items.filter((t) => t.id !== id));
}

/** Shows a toast; returns its id. */
export function toast(message: string, { id = message, duration = toastAutoCloseMs }: ToastOptions = {}): string {
  clearTimeout(timers.get(id));
  publish([...items.filter((t) => t.id !== id), { id, message }]);
  if (Number.isFinite(duration))
    timers.set(
      id,
      setTimeout(() => dismiss(id), duration),
    );
  return id;
}
toast.dismiss = dismiss;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The toasts showing now, newest last. */
export const useToasts = (): readonly ToastItem[] =>
  useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
