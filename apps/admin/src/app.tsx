import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Layout } from './layout.tsx';
import { SessionProvider } from './session.tsx';
import { ApplicationsScreen } from './screens/applications.tsx';
import { ApplicationDetailScreen } from './screens/application-detail.tsx';
import { StaffScreen } from './screens/staff.tsx';
import { AuditScreen } from './screens/audit.tsx';
import { NotFoundScreen } from './screens/not-found.tsx';

const router = createBrowserRouter(
  [
    {
      element: <Layout />,
      children: [
        { index: true, element: <ApplicationsScreen /> },
        { path: 'applications/:id', element: <ApplicationDetailScreen /> },
        { path: 'staff', element: <StaffScreen /> },
        { path: 'audit', element: <AuditScreen /> },
        { path: '*', element: <NotFoundScreen /> },
      ],
    },
  ],
  { basename: '/admin' },
);

export function App() {
  return (
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>
  );
}
