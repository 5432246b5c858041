import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from './api.ts';

// The one way a back-office screen loads what it shows: TanStack Query keyed by the API path (with
// its query string), so a change can invalidate exactly the lists it made stale.

export function useApiQuery<T extends z.ZodType>(path: string, schema: T, options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: ['admin', path], queryFn: ({ signal }) => getJson(path, schema, signal), ...options });
}

/** A change: the call, then every query under `invalidates` (an API path prefix) loads again. */
export function useApiMutation<V, R = unknown>(call: (variables: V) => Promise<R>, invalidates: readonly string[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all(
        invalidates.map((prefix) =>
          client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'admin' && typeof q.queryKey[1] === 'string' && q.queryKey[1].startsWith(prefix) }),
        ),
      );
    },
  });
}
