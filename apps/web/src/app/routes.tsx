import { useEffect } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { fallbackPath, pages, type FlowPage } from '@koza/domain/flows';
import { flowTypeOf } from '../lib/application-type.ts';
import { Layout } from './layout.tsx';
import { NavigationGuard } from './navigation-guard.tsx';
import { PageViewTracker } from './page-view.tsx';
import { prefetchAfter, screenFor } from './screens.tsx';

/** '/' and unknown paths go to /term, keeping the entry query (channel, workplace …, SPEC.md §3). */
function ToEntry() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: fallbackPath, search }} replace />;
}

/** Fetches the chunks of the pages this page can lead to, once the applicant acts on it (inside the guard). */
function PrefetchAhead({ page }: { page: FlowPage }) {
  useEffect(() => prefetchAfter(page.slug, flowTypeOf(page)), [page]);
  return null;
}

/** Every route of SPEC.md §2.1 and §2.2, read from the flow data: one per page. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <Layout />,
      children: [
        { index: true, element: <ToEntry /> },
        ...Object.values(pages).map(
          (page): RouteObject => ({
            path: page.path,
            element: (
              <NavigationGuard page={page}>
                <PageViewTracker page={page} />
                <PrefetchAhead page={page} />
                {screenFor(page.slug)}
              </NavigationGuard>
            ),
          }),
        ),
        { path: '*', element: <ToEntry /> },
      ],
    },
  ];
}
