import { useEffect, useMemo, type ReactNode } from 'react';
import { BrowserRouter, useLocation, useNavigate, useRoutes } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { setApiNavigator } from '../api/client.ts';
import { queryClient } from '../api/query-client.ts';
import { NavigationProvider, type AppNavigation } from '../lib/navigation.tsx';
import { buildRoutes } from './routes.tsx';

const routes = buildRoutes();

/** The app's navigation (navigation.tsx) read from React Router. */
function RouterNavigation({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const value = useMemo<AppNavigation>(
    () => ({ location, navigate: (to, options) => void navigate(to, options) }),
    [location, navigate],
  );
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}

/**
 * The routes of the flow table (React Router's declarative mode: the data router's loaders and
 * actions are not used). A 401 anywhere leads to the session error without reloading the page.
 */
export function AppRoutes() {
  const navigate = useNavigate();
  useEffect(() => setApiNavigator((path) => void navigate(path, { replace: true })), [navigate]);
  return <RouterNavigation>{useRoutes(routes)}</RouterNavigation>;
}

/**
 * Every page of both flows: React Router and TanStack Query, in a chunk of their own that the entry
 * shell (entry-shell.tsx) loads when the applicant leaves the first screens, or at once on any
 * other page.
 */
export function FullApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
