import { useEffect, useSyncExternalStore } from 'react';
import type { PageSlug } from '@koza/domain/flows';

// The state of a page that spans several steps (the child's document pages: camera → confirm,
// select → camera → confirm; flows.ts `subSteps`), for the step bar in the layout to show. The screen
// owns the state; this only tells the layout, which renders outside the screen.

interface Shown {
  slug: PageSlug;
  state: string;
}

let shown: Shown | null = null;
const listeners = new Set<() => void>();

function set(next: Shown | null): void {
  shown = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Tells the step bar which state of a multi-step page is on screen, while the page is shown. */
export function useSubStep(slug: PageSlug, state: string): void {
  useEffect(() => {
    set({ slug, state });
    return () => {
      if (shown?.slug === slug && shown.state === state) set(null);
    };
  }, [slug, state]);
}

/** The state a page reported (undefined when it reported none). */
export function useShownSubStep(slug: PageSlug | undefined): string | undefined {
  const current = useSyncExternalStore(
    subscribe,
    () => shown,
    () => null,
  );
  return current && current.slug === slug ? current.state : undefined;
}
