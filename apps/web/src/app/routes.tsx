import { Navigate, useLocation, type RouteObject } from 'react-router';
import { fallbackPath, pages } from '@koza/domain/flows';
import { Layout } from './layout.tsx';
import { NavigationGuard } from './navigation-guard.tsx';
import { PageViewTracker } from './page-view.tsx';
import { screenFor } from './screens.tsx';

/** '/' and unknown paths go to /term, keeping the entry query (channel, workplace …, SPEC.md §3). */
function ToEntry() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: fallbackPath, search }} replace />;
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
