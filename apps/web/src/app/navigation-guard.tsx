import type { ReactNode } from 'react';
import { isAllowedEntry, type FlowPage } from '@koza/domain/flows';
import { errorPathFor, previousOf } from '../lib/flow.ts';
import { Redirect, useAppLocation } from '../lib/navigation.tsx';

/**
 * SPEC.md §2.6: a page may be entered only from an allowed previous page, passed as navigation
 * state `previous`; otherwise the applicant goes to the error page. The allowed predecessors
 * are data (flows.ts); pages without a guard there (entry, eKYC return, error pages) always render.
 * A missing or wrong origin is not a timed-out session, so the error page shows the system error.
 * History entries keep their state, so the browser's Back button re-enters a page with the
 * origin it was first entered from and is not sent to the error page; an entry that lost its state
 * falls back on the previous path kept in session storage (SPEC.md §3, decision 0190).
 */
export function NavigationGuard({ page, children }: { page: FlowPage; children: ReactNode }) {
  const location = useAppLocation();
  if (!isAllowedEntry(page.slug, previousOf(location.state))) {
    return <Redirect to={errorPathFor(page)} />;
  }
  return children;
}
