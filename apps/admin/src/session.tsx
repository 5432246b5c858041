import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { staffSessionSchema } from '@koza/domain/api/admin';
import type { StaffSession } from '@koza/domain/api/admin';
import type { Permission } from '@koza/domain/admin/roles';
import { ApiProblem, getJson, post, setCsrfToken, whenSessionEnds } from './api.ts';

// The signed-in staff member, loaded once from GET /api/admin/session; null = show the sign-in screen.

interface SessionState {
  session: StaffSession | null;
  loading: boolean;
  signedIn(session: StaffSession): void;
  signOut(): Promise<void>;
  refresh(): Promise<void>;
  can(permission: Permission): boolean;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<StaffSession | null>(null);
  const [loading, setLoading] = useState(true);

  const signedIn = useCallback((s: StaffSession) => {
    setCsrfToken(s.csrfToken);
    setSession(s);
  }, []);

  const refresh = useCallback(async () => {
    try {
      signedIn(await getJson('/session', staffSessionSchema));
    } catch (error) {
      if (!(error instanceof ApiProblem) || error.status !== 401) throw error;
      setSession(null);
    } finally {
      setLoading(false);
    }
  }, [signedIn]);

  useEffect(() => {
    whenSessionEnds(() => setSession(null));
    void refresh();
  }, [refresh]);

  const signOut = useCallback(async () => {
    await post('/sign-out').catch(() => undefined);
    setSession(null);
  }, []);

  const can = useCallback((permission: Permission) => session?.permissions.includes(permission) ?? false, [session]);

  return <SessionContext.Provider value={{ session, loading, signedIn, signOut, refresh, can }}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
