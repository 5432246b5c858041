import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createBrowserRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Bank } from '@koza/domain/banks/bank';
import { setApiNavigator } from '../api/client.ts';
import { BankProvider } from '../lib/bank-context.tsx';
import { buildRoutes } from './routes.tsx';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Failures lead to the error page (SPEC.md §8); retrying would only delay that.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}

function createRouter() {
  const router = createBrowserRouter(buildRoutes());
  // A 401 anywhere leads to the session error without reloading the page.
  setApiNavigator((path) => void router.navigate(path, { replace: true }));
  return router;
}

export function App({ bank }: { bank: Bank }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  return (
    <BankProvider bank={bank}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </BankProvider>
  );
}
