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
 * hydrates, `empty` first (as the server rendered it), then the stored value once it is on screen.
 */
export function useRestoredState<T>(read: () => T, empty: T): [T, Dispatch<SetStateAction<T>>] {
  const inBrowser = useRenderedInBrowser();
  // Read once, on the first render; shown only after hydration. The server (no window) renders `empty`.
  const [stored] = useState<{ value: T } | null>(() => (inBrowser || onServer() ? null : { value: read() }));
  const [value, setValue] = useState<T>(() => (stored || onServer() ? empty : read()));
  useEffect(() => {
    if (stored) setValue(stored.value);
  }, [stored]);
  return [value, setValue];
}
