import { useEffect, useState, useSyncExternalStore, type Dispatch, type SetStateAction } from 'react';

// While React hydrates a prerendered page, the first render must produce exactly the HTML the build
// rendered, which knew nothing of this tab's session storage. State kept in session storage (the
// /term answers) therefore starts empty while hydrating and is restored right after it.

const onServer = (): boolean => typeof window === 'undefined';

const subscribeToNothing = () => () => undefined;

/**
 * False while React hydrates this component from the prerendered HTML (the server snapshot),
 * true when it renders in the browser: React's own signal, per component, also for a part of the
 * page that hydrates after the rest.
 */
export const useRenderedInBrowser = (): boolean =>
  useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );

/**
 * State read from session storage: at once when the component renders in the browser; while it
 * hydrates, `empty` first (as the server rendered it), then the stored value once it is on screen —
 * unless the applicant has already changed it. A tap can land after the hydration is on screen and
 * before this effect runs (React runs the pending effects first, then the tap's update after them,
 * yet the tap's own update was queued first); the stored value must not undo it.
 */
export function useRestoredState<T>(read: () => T, empty: T): [T, Dispatch<SetStateAction<T>>] {
  const inBrowser = useRenderedInBrowser();
  // Read once, on the first render; shown only after hydration. The server (no window) renders `empty`.
  const [stored] = useState<{ value: T } | null>(() => (inBrowser || onServer() ? null : { value: read() }));
  const [value, setValue] = useState<T>(() => (stored || onServer() ? empty : read()));
  // The state as hydrated: restoring replaces it only while it is still that very value.
  const [hydrated] = useState(value);
  useEffect(() => {
    if (stored) setValue((current) => (Object.is(current, hydrated) ? stored.value : current));
  }, [stored, hydrated]);
  return [value, setValue];
}
