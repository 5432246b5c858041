import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { pageBySlug, type PageSlug } from '@koza/domain/flows';

/** The navigation state every screen passes on: the slug it came from (SPEC.md §2.6). */
export interface NavigationState {
  previous?: string;
}

/** Reads `previous` from a location's state, whatever shape the state has. */
export function previousFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const previous = (state as NavigationState).previous;
  return typeof previous === 'string' ? previous : undefined;
}

/**
 * Moves to another page of the flow, telling it where the applicant came from, so that
 * its navigation guard lets them in:  const goTo = useFlowNavigate('personal'); goTo('workplace').
 */
export function useFlowNavigate(from: PageSlug) {
  const navigate = useNavigate();
  return useCallback(
    (to: PageSlug, options: { replace?: boolean; state?: Record<string, unknown> } = {}) => {
      const state: NavigationState & Record<string, unknown> = { ...options.state, previous: from };
      void navigate(pageBySlug(to).path, { replace: options.replace ?? false, state });
    },
    [from, navigate],
  );
}

