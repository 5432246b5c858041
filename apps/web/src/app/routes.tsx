import { Outlet, type RouteObject } from 'react-router';
import { fallbackPath, pages } from '@koza/domain/flows';
import { Layout } from './layout.tsx';
import { useAppLocation, Redirect } from '../lib/navigation.tsx';
import { pageElement } from './page-element.tsx';

/** '/' and unknown paths go to /term, keeping the entry query (channel, workplace …, SPEC.md §3). */
function ToEntry() {
  const { search } = useAppLocation();
  return <Redirect to={`${fallbackPath}${search}`} />;
}

/** Every route of SPEC.md §2.1 and §2.2, read from the flow data: one per page. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: (
        <Layout>
          <Outlet />
        </Layout>
      ),
      children: [
        { index: true, element: <ToEntry /> },
        ...Object.values(pages).map((page): RouteObject => ({ path: page.path, element: pageElement(page) })),
        { path: '*', element: <ToEntry /> },
      ],
    },
  ];
}
