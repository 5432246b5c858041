import { useEffect, useRef } from 'react';
import type { FlowPage } from '@koza/domain/flows';
import { sendPageView } from '../api/entry.ts';
import { parseEntryQuery } from '../entry/entry-query.ts';
import { flowTypeOf } from '../lib/application-type.ts';
import { session } from '../lib/session.ts';
import { useBank } from '../lib/bank-context.tsx';
import { useAppLocation } from '../lib/navigation.tsx';

/**
 * Sends one page view per route change (SPEC.md §7, DECISIONS.md §5): the path only, never the
 * query string. Rendered inside the navigation guard, so a page the guard turns away is not counted.
 */
export function PageViewTracker({ page }: { page: FlowPage }) {
  const bank = useBank();
  const location = useAppLocation();
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    // StrictMode runs effects twice in development; one history entry is one page view.
    if (sentFor.current === location.key) return;
    sentFor.current = location.key;
    const entry = parseEntryQuery(location.search);
    const channel = entry.channel ?? session.getChannel() ?? undefined;
    const deviceId = entry.deviceId ?? session.getDeviceId() ?? undefined;
    sendPageView({
      path: location.pathname,
      bankCode: bank.code,
      // A page outside both journeys (flows.ts `outsideJourney`) counts for no flow's funnel.
      applicationType: page.outsideJourney ? null : flowTypeOf(page),
      ...(channel ? { channel } : {}),
      ...(deviceId ? { deviceId } : {}),
    });
  }, [location.key, location.pathname, location.search, bank.code, page]);

  return null;
}
