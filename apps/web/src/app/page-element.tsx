import { useEffect, type ReactElement } from 'react';
import type { FlowPage } from '@koza/domain/flows';
import { flowTypeOf } from '../lib/application-type.ts';
import { NavigationGuard } from './navigation-guard.tsx';
import { PageViewTracker } from './page-view.tsx';
import { prefetchAfter, screenFor } from './screens.tsx';

/** Fetches the chunks of the pages this page can lead to, once the applicant acts on it (inside the guard). */
function PrefetchAhead({ page, alsoAhead }: { page: FlowPage; alsoAhead: (() => Promise<unknown>) | undefined }) {
  useEffect(() => prefetchAfter(page.slug, flowTypeOf(page), alsoAhead), [page, alsoAhead]);
  return null;
}

/**
 * What a page shows, the same in the entry shell and in the full app: its screen behind the
 * navigation guard, with its page view and the prefetch of the pages after it.
 */
export function pageElement(page: FlowPage, alsoAhead?: () => Promise<unknown>): ReactElement {
  return (
    <NavigationGuard page={page}>
      <PageViewTracker page={page} />
      <PrefetchAhead page={page} alsoAhead={alsoAhead} />
      {screenFor(page.slug)}
    </NavigationGuard>
  );
}
