import { useMemo } from 'react';
import type { ApplicationType } from '@koza/domain/constants';
import { backButtonPage, exitPage, flowFor, nextPage, pageByPath, pageBySlug, type FlowExit, type FlowPage, type PageSlug } from '@koza/domain/flows';
import { flowTypeOf } from './application-type.ts';
import { useAppNavigate } from './navigation.tsx';
import { session } from './session.ts';

/** The navigation state every move passes on: the slug it came from (SPEC.md §2.6). */
export interface NavigationState {
  previous?: string;
}

/** Reads `previous` from a location's state, whatever shape the state has. */
function previousFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const previous = (state as NavigationState).previous;
  return typeof previous === 'string' ? previous : undefined;
}

/**
 * Where the applicant came from: the history entry's `previous`, or, when the entry has lost its
 * state (SPEC.md §3: session storage holds the previous path), the path of the last move in this tab.
 */
export const previousOf = (state: unknown): string | undefined => previousFromState(state) ?? session.getPreviousPath() ?? undefined;

/** The query value that marks a session error (SPEC.md §2.5: /error?id=1). */
export const sessionErrorId = '1';

export type ErrorKind = 'system' | 'session';

/** The error page of a flow: the system error, or the session error (?id=1). */
export function errorPathOf(type: ApplicationType, kind: ErrorKind = 'system'): string {
  const path = pageBySlug(flowFor(type).errorPage).path;
  return kind === 'session' ? `${path}?id=${sessionErrorId}` : path;
}

/** The flow of the page at a route path (shared pages: the stored application type; unknown: general). */
export function flowTypeAt(pathname: string): ApplicationType {
  const page = pageByPath(pathname);
  return page ? flowTypeOf(page) : 'GENERAL';
}

/** The error page of the flow a page belongs to (/error or /child/error). */
export const errorPathFor = (page: FlowPage): string => errorPathOf(flowTypeOf(page));

interface MoveOptions {
  replace?: boolean;
  /** Extra route state for the target page (the completion result, …). */
  state?: Record<string, unknown>;
}

export interface FlowMoves {
  type: ApplicationType;
  /** Next in the flow table; throws for a page without one (a programming error). */
  next: (options?: MoveOptions) => void;
  /** The Back button's target page, or undefined when the page has no Back button. */
  back: (() => void) | undefined;
  /** The page an outcome leads to (flows.ts `exits`). */
  exit: (exit: FlowExit, options?: MoveOptions) => void;
  /**
   * Re-enters an earlier step to correct it (the confirmation's 修正する): the guard admits a step
   * only from its neighbours, so it is entered as if going back from the page after it.
   */
  revisit: (step: PageSlug) => void;
  /** The flow's error page (load or save failure; SPEC.md §8), replacing the current entry. */
  toError: (kind?: ErrorKind) => void;
}

/**
 * Every move a screen makes, read from the flow table (packages/domain/src/flows.ts) for the flow
 * the page is shown in: a screen never names another page, so one screen serves both flows.
 */
export function useFlow(slug: PageSlug): FlowMoves {
  const navigate = useAppNavigate();
  const type = flowTypeOf(pageBySlug(slug));
  return useMemo(() => {
    const go = (to: FlowPage | undefined, what: string, options: MoveOptions = {}) => {
      if (!to) throw new Error(`${type} flow: ${slug} has no ${what}`);
      const state: NavigationState & Record<string, unknown> = { ...options.state, previous: slug };
      session.setPreviousPath(pageBySlug(slug).path);
      navigate(to.path, { replace: options.replace ?? false, state });
    };
    const backTo = backButtonPage(slug, type);
    return {
      type,
      next: (options) => go(nextPage(slug, type), 'next page', options),
      back: backTo ? () => go(backTo, 'previous page') : undefined,
      exit: (exit, options) => go(exitPage(slug, type, exit), `exit ${exit}`, options),
      revisit: (step) => {
        const after = flowFor(type).next[step];
        if (after) session.setPreviousPath(pageBySlug(after).path);
        navigate(pageBySlug(step).path, { state: { previous: after } satisfies NavigationState });
      },
      toError: (kind = 'system') => navigate(errorPathOf(type, kind), { replace: true }),
    };
  }, [navigate, slug, type]);
}
