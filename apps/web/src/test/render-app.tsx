import { useLayoutEffect } from 'react';
import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type Location, type To } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../api/query-client.ts';
import { getBank } from '@koza/domain/banks/banks';
import type { BankCode } from '@koza/domain/constants';
import { BankProvider } from '../lib/bank-context.tsx';
import { AppRoutes } from '../app/app.tsx';

type Entry = string | { pathname: string; search?: string; state?: unknown };

/** What a test reads of the router: where it is now, and a way to move. */
interface TestRouter {
  state: { location: Location };
  navigate: (to: To) => Promise<void>;
}

/** Renders the whole app (layout, guard, screens, the 401 navigator) in memory at the given history entry. */
export function renderApp(entry: Entry, bankCode: BankCode = '0177') {
  const router = { state: {} } as TestRouter;
  function Probe() {
    const location = useLocation();
    const navigate = useNavigate();
    useLayoutEffect(() => {
      router.state.location = location;
      router.navigate = (to) => act(async () => void (await navigate(to)));
    });
    return null;
  }
  const result = render(
    <BankProvider bank={getBank(bankCode)}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[entry]}>
          <Probe />
          <AppRoutes />
        </MemoryRouter>
      </QueryClientProvider>
    </BankProvider>,
  );
  return { ...result, router };
}
