import { QueryClient } from '@tanstack/react-query';

/**
 * The one QueryClient of the page: the landing modals (loaded after the entry page hydrates) and
 * the full app share it, so a query is cached once.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // Failures lead to the error page (SPEC.md §8); retrying would only delay that.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    mutations: { retry: false },
  },
});
