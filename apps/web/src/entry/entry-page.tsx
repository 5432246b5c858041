import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { ApplicationType } from '@koza/domain/constants';
import { useAppLocation } from '../lib/navigation.tsx';
import { useBank } from '../lib/bank-context.tsx';
import { session } from '../lib/session.ts';
import { keepEntryQuery, parseEntryQuery } from './entry-query.ts';

/**
 * The landing modals depend on live data (maintenance, notices) and load TanStack Query: a chunk
 * of their own, fetched once the prerendered page has hydrated. They start closed, so nothing on
 * the page moves while they load.
 */
const LandingModals = lazy(() => import('./landing-modals.tsx').then((m) => ({ default: m.LandingModals })));

/**
 * Wraps the entry page of each flow (/term, /child/before-check): keeps the entry query inputs
 * (SPEC.md §3), records the bank and the application type in session storage, and runs the
 * landing modals (SPEC.md §2.4).
 */
export function EntryPage({ type, children }: { type: ApplicationType; children: ReactNode }) {
  const bank = useBank();
  const { search } = useAppLocation();

  useEffect(() => {
    keepEntryQuery(parseEntryQuery(search), {
      setChannel: session.setChannel,
      setDeviceId: session.setDeviceId,
      setCookie: (cookie) => {
        document.cookie = cookie;
      },
      protocol: window.location.protocol,
    });
    session.setBankCode(bank.code);
    session.setApplicationType(type);
  }, [search, bank.code, type]);

  // Not during hydration: the server rendered no modal (it knows no maintenance window or notice).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  return (
    <>
      {children}
      {mounted && (
        <Suspense fallback={null}>
          <LandingModals type={type} />
        </Suspense>
      )}
    </>
  );
}
