import { useLayoutEffect } from 'react';
import { act, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../api/query-client.ts';
import { getBank } from '@koza/domain/banks/banks';
import type { BankCode } from '@koza/domain/constants';
import { flowFor, pageBySlug, type PageSlug } from '@koza/domain/flows';
import { BankProvider } from '../lib/bank-context.tsx';
import { HistoryNavigation, useAppLocation, useAppNavigate, type AppLocation } from '../lib/navigation.tsx';
import { AppRoutes } from '../app/app.tsx';

type Entry = string | { pathname: string; search?: string; state?: unknown };

/**
 * A page as the applicant reaches it by Next from the page before it on its flow's main line
 * (flows.ts), so that a test opening a page follows a reorder of the journey.
 */
export function arrivedByNext(slug: PageSlug, extra: Record<string, unknown> = {}): Entry {
  const page = pageBySlug(slug);
  const type = page.flows[0];
  if (!type) throw new Error(`${slug} belongs to no flow`);
  const { sequence } = flowFor(type);
  const previous = sequence[sequence.indexOf(slug) - 1];
  if (!previous) throw new Error(`${slug} has no page before it on the ${type} main line`);
  return { pathname: page.path, state: { previous, ...extra } };
}

/** What a test reads of the navigation: where it is now, and a way to move. */
interface TestRouter {
  state: { location: AppLocation };
  navigate: (to: string) => Promise<void>;
}

/**
 * Renders the whole app (layout, guard, screens, the 401 navigator) on the document's own history
 * (the app's navigation, lib/navigation.tsx), starting at the given entry.
 */
export function renderApp(entry: Entry, bankCode: BankCode = '0177') {
  const { pathname, search = '', state = null } = typeof entry === 'string' ? { pathname: entry } : entry;
  window.history.replaceState({ usr: state, key: 'test', idx: 0 }, '', `${pathname}${search}`);
  const router = { state: {} } as TestRouter;
  function Probe() {
    const location = useAppLocation();
    const navigate = useAppNavigate();
    useLayoutEffect(() => {
      router.state.location = location;
      router.navigate = (to) => act(async () => navigate(to));
    });
    return null;
  }
  const result = render(
    <BankProvider bank={getBank(bankCode)}>
      <QueryClientProvider client={queryClient}>
        <HistoryNavigation>
          <Probe />
          <AppRoutes />
        </HistoryNavigation>
      </QueryClientProvider>
    </BankProvider>,
  );
  return { ...result, router };
}
