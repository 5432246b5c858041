import { QueryClient } from '@tanstack/react-query';

/**
 * The back office's one QueryClient (the applicant web's api/query-client.ts is its model): screens
 * load with useQuery and change with useMutation, then invalidate what the change made stale.
 * Staff read current data: nothing is kept fresh for long, nothing is retried behind their back.
 */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });
