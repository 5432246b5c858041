import { lazy, Suspense, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Layout } from './layout.tsx';
import { SessionProvider } from './session.tsx';
import { createQueryClient } from './query-client.ts';
import { ApplicationsScreen } from './screens/applications.tsx';
import { ApplicationDetailScreen } from './screens/application-detail.tsx';
import { StaffScreen } from './screens/staff.tsx';
import { PasswordScreen } from './screens/password.tsx';
import { PasskeysScreen } from './screens/passkeys.tsx';
import { AuditScreen } from './screens/audit.tsx';
import { NotFoundScreen } from './screens/not-found.tsx';
import { MaintenanceScreen } from './announcements/maintenance-screen.tsx';
import { NoticesScreen } from './announcements/notices-screen.tsx';

// The funnel brings the chart library: its own chunk, loaded when the page is opened.
const FunnelScreen = lazy(() => import('./funnel/funnel-screen.tsx').then((m) => ({ default: m.FunnelScreen })));

/** The back office's routes (exported for the screens' tests, which run them in a memory router). */
export const routes = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <ApplicationsScreen /> },
      { path: 'applications/:id', element: <ApplicationDetailScreen /> },
      { path: 'staff', element: <StaffScreen /> },
      { path: 'password', element: <PasswordScreen /> },
      { path: 'passkeys', element: <PasskeysScreen /> },
      { path: 'audit', element: <AuditScreen /> },
      { path: 'maintenance', element: <MaintenanceScreen /> },
      { path: 'notices', element: <NoticesScreen /> },
      {
        path: 'funnel',
        element: (
          <Suspense fallback={<p role="status">読み込み中…</p>}>
            <FunnelScreen />
          </Suspense>
        ),
      },
      { path: '*', element: <NotFoundScreen /> },
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
