import { useEffect, useMemo, useState } from 'react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ApplicationType } from '@koza/domain/constants';
import { flows, pageBySlug } from '@koza/domain/flows';
import { landingText } from '@koza/domain/landing-text';
import { getMaintenance, getNotifications } from '../api/entry.ts';
import { queryClient } from '../api/query-client.ts';
import { useAppLocation, useAppNavigate } from '../lib/navigation.tsx';
import { useBank } from '../lib/bank-context.tsx';
import { MaintenancePeriod } from '../components/maintenance-period.tsx';
import { Modal } from '../components/modal.tsx';
import { Button, LinkButton } from '../components/button.tsx';
import { session } from '../lib/session.ts';
import { classifyBrowser, type BrowserSupport } from './browser-support.ts';
import { parseEntryQuery } from './entry-query.ts';
import styles from './landing-modals.module.css';

// UI wording of the landing modals (SPEC.md §2.4) lives in the domain: the back office's notice
// preview shows the same words.
export { landingText };

type Stage = 'maintenance' | 'in-app' | 'non-phone' | 'notices' | null;

interface LandingModalsProps {
  type: ApplicationType;
}

/**
 * On landing, in this order (SPEC.md §2.4, §4): the maintenance modal while a window is active;
 * otherwise the browser alert for in-app browsers (back to the introduction page, no way on) and
 * non-phone devices (may close it); otherwise the bank's or the channel's notices. Once the applicant
 * has closed the notices (or the non-phone alert) in this tab, only maintenance is checked again.
 * A failed maintenance (other than 404) or notifications call goes to the error page (SPEC.md §8).
 */
export function LandingModals({ type }: LandingModalsProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <LandingModalStages type={type} />
    </QueryClientProvider>
  );
}

function LandingModalStages({ type }: LandingModalsProps) {
  const bank = useBank();
  const navigate = useAppNavigate();
  const { search } = useAppLocation();
  const support: BrowserSupport = useMemo(() => classifyBrowser(navigator.userAgent), []);
  const [acknowledged, setAcknowledged] = useState(() => session.isLandingAcknowledged());
  const [alertClosed, setAlertClosed] = useState(false);
  // Notices of the channel the applicant arrived with, else the bank's.
  const noticeTarget = parseEntryQuery(search).channel ?? session.getChannel() ?? bank.code;

  const maintenance = useQuery({
    queryKey: ['maintenance', bank.code],
    queryFn: ({ signal }) => getMaintenance(signal),
    staleTime: 0,
  });
  const clearOfMaintenance = maintenance.isSuccess && maintenance.data === null;
  const wantsNotices = clearOfMaintenance && support !== 'in-app' && !acknowledged && (support === 'supported' || alertClosed);
  const notices = useQuery({
    queryKey: ['notifications', noticeTarget],
    queryFn: ({ signal }) => getNotifications(noticeTarget, signal),
    enabled: wantsNotices,
  });

  const failed = maintenance.isError || notices.isError;
  useEffect(() => {
    if (failed) navigate(pageBySlug(flows[type].errorPage).path, { replace: true });
  }, [failed, navigate, type]);

  const acknowledge = () => {
    session.acknowledgeLanding();
    setAcknowledged(true);
  };

  let stage: Stage = null;
  if (maintenance.data) stage = 'maintenance';
  else if (clearOfMaintenance && support === 'in-app') stage = 'in-app';
  else if (clearOfMaintenance && support === 'non-phone' && !acknowledged && !alertClosed) stage = 'non-phone';
  else if (wantsNotices && notices.data && notices.data.length > 0) stage = 'notices';

  const backToIntroduction = <LinkButton href={bank.links.introduction}>{landingText.backToIntroduction}</LinkButton>;

  return (
    <>
      <Modal open={stage === 'maintenance'} title={landingText.maintenanceTitle} actions={backToIntroduction}>
        <p>{landingText.maintenanceLead}</p>
        {maintenance.data && <MaintenancePeriod window={maintenance.data} />}
      </Modal>

      <Modal
        open={stage === 'in-app' || stage === 'non-phone'}
        title={landingText.browserTitle}
        onClose={stage === 'non-phone' ? () => setAlertClosed(true) : undefined}
        actions={stage === 'non-phone' ? <Button onClick={() => setAlertClosed(true)}>{landingText.close}</Button> : backToIntroduction}
      >
        <div className={styles.text}>
          <p>{landingText.browserUnsupported}</p>
          <p>{landingText.browserOpenInApp}</p>
          <p>{landingText.browserPhoneOnly}</p>
        </div>
      </Modal>

      <Modal
        open={stage === 'notices'}
        title={landingText.noticeTitle}
        onClose={acknowledge}
        actions={<Button onClick={acknowledge}>{landingText.noticeConfirm}</Button>}
      >
        <ul className={styles.notices}>
          {(notices.data ?? []).map((contents, index) => (
            <li key={index}>{contents}</li>
          ))}
        </ul>
      </Modal>
    </>
  );
}
