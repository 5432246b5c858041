import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';

// The one way a screen reads where it is and moves on: the browser's history, read through
// useSyncExternalStore (HistoryNavigation), for the entry shell and the full app alike; no router
// library (docs/decisions/0185-react-with-prerendered-entry.md). Each entry carries the navigation
// state (SPEC.md §2.6: `previous`) in the shape { usr, key, idx } that React Router wrote before, so
// an applicant's history from before a deploy reads the same.

export interface AppLocation {
  pathname: string;
  search: string;
  /** The navigation state passed by the move that led here (SPEC.md §2.6: `previous`). */
  state: unknown;
  /** One key per history entry (a page view is counted once per entry). */
  key: string;
}

export interface MoveOptions {
  replace?: boolean;
  state?: unknown;
}

export interface AppNavigation {
  location: AppLocation;
  navigate: (to: string, options?: MoveOptions) => void;
}

const NavigationContext = createContext<AppNavigation | null>(null);

function useNavigation(): AppNavigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useAppLocation and useAppNavigate must be used inside a navigation provider');
  return navigation;
}

export const useAppLocation = (): AppLocation => useNavigation().location;
export const useAppNavigate = (): AppNavigation['navigate'] => useNavigation().navigate;

/** Moves to `to` as soon as it renders (the guard's turn-away, the fallback to /term). */
export function Redirect({ to }: { to: string }) {
  const navigate = useAppNavigate();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}

/** A history entry's state: the navigation state under `usr`, the entry's key and index. */
interface HistoryEntryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

function entryState(): HistoryEntryState {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as HistoryEntryState) : {};
}

const newKey = (): string => Math.random().toString(36).slice(2, 10);

// The browser's history as an external store: the current entry, re-read on popstate and after our own moves.
const historyListeners = new Set<() => void>();
let snapshot: AppLocation | null = null;

function readLocation(): AppLocation {
  const { pathname, search } = window.location;
  const entry = entryState();
  const state = entry.usr ?? null;
  const key = entry.key ?? 'default';
  const current = snapshot;
  // The same object while nothing changed: useSyncExternalStore compares snapshots by identity.
  if (current && current.pathname === pathname && current.search === search && current.state === state && current.key === key) return current;
  snapshot = { pathname, search, state, key };
  return snapshot;
}

function notify(): void {
  for (const listener of historyListeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (historyListeners.size === 0) window.addEventListener('popstate', notify);
  historyListeners.add(listener);
  return () => {
    historyListeners.delete(listener);
    if (historyListeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

/** Moves the browser's history: a new entry (or the current one replaced) with its state and key. */
function historyNavigate(to: string, options: MoveOptions = {}): void {
  const idx = entryState().idx ?? 0;
  const state: HistoryEntryState = { usr: options.state ?? null, key: newKey(), idx: options.replace ? idx : idx + 1 };
  if (options.replace) window.history.replaceState(state, '', to);
  else window.history.pushState(state, '', to);
  notify();
}

/**
 * The entry shell's navigation: the browser's history, read through useSyncExternalStore. A
 * prerendered page hydrates with the real location too: the API chose the rendering whose query the
 * request carries (the session error's ?id=1), and nothing else the shell's pages show depends on
 * the query or the history state, while the page view and the entry query need the real ones.
 */
export function HistoryNavigation({ children }: { children: ReactNode }) {
  const location = useSyncExternalStore(subscribe, readLocation, readLocation);
  const value = useMemo(() => ({ location, navigate: historyNavigate }), [location]);
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

/** A fixed location, for rendering a page on the server at build time. */
export function StaticNavigation({ location, children }: { location: AppLocation; children: ReactNode }) {
  const [value] = useState<AppNavigation>(() => ({
    location,
    navigate: () => {
      throw new Error('no navigation while prerendering');
    },
  }));
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}
