import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { getBank } from '@koza/domain/banks/banks';
import type { BankCode } from '@koza/domain/constants';
import { BankProvider } from '../lib/bank-context.tsx';
import { buildRoutes } from '../app/routes.tsx';
import { setApiNavigator } from '../api/client.ts';

type Entry = string | { pathname: string; search?: string; state?: unknown };

/** Renders the whole app (layout, guard, screens) in memory at the given history entry. */
export function renderApp(entry: Entry, bankCode: BankCode = '0177') {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [entry] });
  // As in the app: a 401 becomes a navigation of this router.
  setApiNavigator((path) => void router.navigate(path, { replace: true }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <BankProvider bank={getBank(bankCode)}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </BankProvider>,
  );
  return { ...result, router };
}
