import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { fallbackPath, pageByPath } from '@koza/domain/flows';
import { setApiNavigator } from '../api/client.ts';
import { queryClient } from '../api/query-client.ts';
import { Redirect, useAppLocation, useAppNavigate } from '../lib/navigation.tsx';
import { Layout } from './layout.tsx';
import { pageElement } from './page-element.tsx';

/**
 * Every route of SPEC.md §2.1 and §2.2, read from the flow data: the page of the path in the layout;
 * '/' and unknown paths go to /term, keeping the entry query (channel, workplace …, SPEC.md §3).
 * A 401 anywhere leads to the session error without reloading the page.
 */
export function AppRoutes() {
  const navigate = useAppNavigate();
  const { pathname, search } = useAppLocation();
  useEffect(() => setApiNavigator((path) => navigate(path, { replace: true })), [navigate]);
  const page = pageByPath(pathname);
  if (!page) return <Redirect to={`${fallbackPath}${search}`} />;
  return <Layout>{pageElement(page)}</Layout>;
}

/**
 * Every page of both flows with TanStack Query, in a chunk of its own that the entry shell
 * (entry-shell.tsx) loads when the applicant leaves the first screens, or at once on any other page.
 * The navigation is the shell's (lib/navigation.tsx), so the applicant's history goes on as it was.
 */
export function FullApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRoutes />
    </QueryClientProvider>
  );
}
