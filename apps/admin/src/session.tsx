import { createContext, useCallback, useContext, useEffect } from 'react';
import type { ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { staffSessionSchema } from '@koza/domain/api/admin';
import type { StaffSession } from '@koza/domain/api/admin';
import type { Permission } from '@koza/domain/admin/roles';
import { ApiProblem, getJson, post, setCsrfToken, whenSessionEnds } from './api.ts';

// The signed-in staff member: GET /api/admin/session through TanStack Query (like every screen's
// data); null = show the sign-in screen. Signing in or out writes the query's data.

interface SessionState {
  session: StaffSession | null;
  loading: boolean;
  signedIn(session: StaffSession): void;
  signOut(): Promise<void>;
  refresh(): Promise<void>;
  can(permission: Permission): boolean;
}

const SessionContext = createContext<SessionState | null>(null);
const sessionKey = ['admin', 'session'] as const;

async function loadSession(signal: AbortSignal): Promise<StaffSession | null> {
  try {
    const session = await getJson('/session', staffSessionSchema, signal);
    setCsrfToken(session.csrfToken);
    return session;
  } catch (error) {
    if (error instanceof ApiProblem && error.status === 401) return null;
    throw error;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: sessionKey, queryFn: ({ signal }) => loadSession(signal), staleTime: Infinity });
  const session = query.data ?? null;

  // Any call answering 401 ends the session on screen (not a loader: it registers the handler).
  useEffect(() => {
    whenSessionEnds(() => {
      client.setQueryData(sessionKey, null);
      client.removeQueries({ predicate: (q) => q.queryKey[1] !== 'session' });
    });
  }, [client]);

  const signedIn = useCallback(
    (s: StaffSession) => {
      setCsrfToken(s.csrfToken);
      client.setQueryData(sessionKey, s);
    },
    [client],
  );

  const refresh = useCallback(async () => {
    await client.invalidateQueries({ queryKey: sessionKey });
  }, [client]);

  const signOut = useCallback(async () => {
    // The screens go at once (nothing of them stays to be typed into); the cookie ends with the call.
    client.setQueryData(sessionKey, null);
    await post('/sign-out').catch(() => undefined);
    // Nothing of the member's screens stays in memory for the next one.
    client.removeQueries({ predicate: (q) => q.queryKey[1] !== 'session' });
  }, [client]);

  const can = useCallback((permission: Permission) => session?.permissions.includes(permission) ?? false, [session]);

  return <SessionContext.Provider value={{ session, loading: query.isPending, signedIn, signOut, refresh, can }}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
