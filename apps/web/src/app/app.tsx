import { useEffect, useState } from 'react';
import { BrowserRouter, useNavigate, useRoutes } from 'react-router';
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

const routes = buildRoutes();

/**
 * The routes of the flow table (React Router's declarative mode: the data router's loaders and
 * actions are not used, and its code would weigh on the first screen). A 401 anywhere leads to the
 * session error without reloading the page.
 */
export function AppRoutes() {
  const navigate = useNavigate();
  useEffect(() => setApiNavigator((path) => void navigate(path, { replace: true })), [navigate]);
  return useRoutes(routes);
}

export function App({ bank }: { bank: Bank }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <BankProvider bank={bank}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </BankProvider>
  );
}
