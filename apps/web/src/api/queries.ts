import { useEffect } from 'react';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { PageSlug } from '@koza/domain/flows';
import type { PinContext } from '@koza/domain/pin-rules';
import type { EkycMethod } from '@koza/domain/constants';
import { useFlow } from '../lib/flow.ts';
import { fallbackMethod } from '../lib/ekyc-method.ts';
import { ApiCallError } from './client.ts';
import { getApplications, getBranches, getOccupations, getSavedApplication } from './application.ts';
import { getEkyc } from './ekyc.ts';

// The one way a screen loads what it needs on arrival: TanStack Query, with the query of each call
// written once here. Failures go to the flow's error page (SPEC.md §8) from useStepQuery.

/**
 * The saved application. Dropped from the cache as soon as no screen shows it (gcTime 0), so every
 * step reads what the previous step has just saved instead of an earlier copy.
 */
export const savedApplicationQuery = {
  queryKey: ['application'],
  queryFn: ({ signal }) => getSavedApplication(signal),
  staleTime: 0,
  gcTime: 0,
} satisfies UseQueryOptions<Awaited<ReturnType<typeof getSavedApplication>>>;

/**
 * The saved application and, for a child application, the saved parent (null for a general one):
 * the parent page and the child confirmation. Not kept either.
 */
export const applicationsQuery = {
  queryKey: ['applications'],
  queryFn: ({ signal }) => getApplications(signal),
  staleTime: 0,
  gcTime: 0,
} satisfies UseQueryOptions<Awaited<ReturnType<typeof getApplications>>>;

/**
 * The saved data the PIN rules are checked against in the browser (pin-rules.ts): the application
 * and, for a child application, the parent. Not kept, like the saved application.
 */
export const pinContextQuery = {
  queryKey: ['pin-context'],
  queryFn: async ({ signal }) => {
    const { application, applicationParent } = await getApplications(signal);
    return { ...application, parent: applicationParent };
  },
  staleTime: 0,
  gcTime: 0,
} satisfies UseQueryOptions<PinContext>;

/** The branches offered to the applicant (they depend on the saved address: not kept either). */
export const branchesQuery = {
  queryKey: ['branches'],
  queryFn: ({ signal }) => getBranches(signal),
  staleTime: 0,
  gcTime: 0,
} satisfies UseQueryOptions<Awaited<ReturnType<typeof getBranches>>>;

/** The occupation list (reference data: the same for the whole visit). */
export const occupationsQuery = {
  queryKey: ['occupations'],
  queryFn: ({ signal }) => getOccupations(signal),
  staleTime: Infinity,
} satisfies UseQueryOptions<Awaited<ReturnType<typeof getOccupations>>>;

/** GET /api/ekyc: the identity-check method in force (of the session, or today's before one). */
const ekycViewQuery = {
  queryKey: ['ekyc'],
  queryFn: ({ signal }) => getEkyc(signal),
  retry: false,
  staleTime: Infinity,
} satisfies UseQueryOptions<Awaited<ReturnType<typeof getEkyc>>>;

/**
 * The identity-check method to prepare for: the API's answer, or the default cut-over's when the
 * call fails (the screens still say what to prepare); null while loading.
 */
export function useEkycMethod(): EkycMethod | null {
  const view = useQuery(ekycViewQuery);
  return view.data?.method ?? (view.isError ? fallbackMethod() : null);
}

/**
 * Runs a query for a step and returns its data once loaded (undefined before). A failure goes to the
 * error page of the page's flow; a 401 has already been sent to the session error by the client.
 */
export function useStepQuery<T>(slug: PageSlug, options: UseQueryOptions<T>): T | undefined {
  const { toError } = useFlow(slug);
  const query = useQuery(options);
  const failed = query.isError && !(query.error instanceof ApiCallError && query.error.status === 401);
  useEffect(() => {
    if (failed) toError();
  }, [failed, toError]);
  return query.data;
}
