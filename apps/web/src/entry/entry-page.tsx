import { useEffect, type ReactNode } from 'react';
import type { ApplicationType } from '@koza/domain/constants';
import { useAppLocation } from '../lib/navigation.tsx';
import { useBank } from '../lib/bank-context.tsx';
import { session } from '../lib/session.ts';
import { keepEntryQuery, parseEntryQuery } from './entry-query.ts';
import { LandingModals } from './landing-modals.tsx';

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

  return (
    <>
      {children}
      <LandingModals type={type} />
    </>
  );
}
