import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Layout } from './layout.tsx';
import { Loading, RouteError } from './route-states.tsx';
import { SessionProvider } from './session.tsx';
import { createQueryClient } from './query-client.ts';

// Every screen is its own chunk, loaded when its route is entered (React Router's route `lazy`;
// docs/decisions/0214-back-office-split-by-route.md): the main chunk holds the shell and the sign-in
// flow only (sign-in, forced password change, second-factor setup: Layout shows them before any route).

/** The back office's routes (exported for the screens' tests, which run them in a memory router). */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    // The first screen's chunk on its way: nothing of the shell yet (it needs the session too).
    hydrateFallbackElement: <Loading />,
    errorElement: <RouteError />,
    children: [
      {
        // A screen that fails (its chunk did not load) is shown in the shell, the menu still there.
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: () => import('./screens/applications/applications-screen.tsx').then((m) => ({ Component: m.ApplicationsScreen })) },
          {
            path: 'applications/:id',
            lazy: () => import('./screens/application-detail/application-detail-screen.tsx').then((m) => ({ Component: m.ApplicationDetailScreen })),
          },
          { path: 'staff', lazy: () => import('./screens/staff/staff-screen.tsx').then((m) => ({ Component: m.StaffScreen })) },
          { path: 'password', lazy: () => import('./screens/password.tsx').then((m) => ({ Component: m.PasswordScreen })) },
          { path: 'passkeys', lazy: () => import('./screens/passkeys.tsx').then((m) => ({ Component: m.PasskeysScreen })) },
          { path: 'audit', lazy: () => import('./screens/audit.tsx').then((m) => ({ Component: m.AuditScreen })) },
          { path: 'maintenance', lazy: () => import('./announcements/maintenance-screen.tsx').then((m) => ({ Component: m.MaintenanceScreen })) },
          { path: 'notices', lazy: () => import('./announcements/notices-screen.tsx').then((m) => ({ Component: m.NoticesScreen })) },
          // The funnel's chunk brings the chart library (visx, d3).
          { path: 'funnel', lazy: () => import('./funnel/funnel-screen.tsx').then((m) => ({ Component: m.FunnelScreen })) },
          { path: '*', lazy: () => import('./screens/not-found.tsx').then((m) => ({ Component: m.NotFoundScreen })) },
        ],
      },
    ],
  },
];

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(routes, { basename: '/admin' }));
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>
  );
}
