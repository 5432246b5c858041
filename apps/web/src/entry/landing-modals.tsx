import { lazy, Suspense, useEffect, useState } from 'react';
import type { ApplicationType } from '@koza/domain/constants';
import { flows, pageBySlug } from '@koza/domain/flows';
import { landingText } from '@koza/domain/landing-text';
import type { Maintenance } from '../api/entry.ts';
import { useAppLocation, useAppNavigate } from '../lib/navigation.tsx';
import { useBank } from '../lib/bank-context.tsx';
import { useRenderedInBrowser, useRestoredState } from '../lib/hydration.ts';
import { MaintenancePeriod } from '../components/maintenance-period.tsx';
import { Modal } from '../components/modal.tsx';
import { Button, LinkButton } from '../components/button.tsx';
import { session } from '../lib/session.ts';
import { classifyBrowser, type BrowserSupport } from './browser-support.ts';
import { parseEntryQuery } from './entry-query.ts';
import { useServerLandingAnswers } from './landing-answers.tsx';
import type { LiveAnswers } from './landing-queries.tsx';
import styles from './landing-modals.module.css';

// UI wording of the landing modals (SPEC.md §2.4) lives in the domain: the back office's notice
// preview shows the same words.
export { landingText };

/**
 * The live answers come from TanStack Query in a chunk of their own, loaded once the page is on
 * screen; the modals themselves are in the first chunk, so the server renders them into the page
 * and hydration takes them over (docs/decisions/0216-landing-modal-in-the-first-html.md).
 */
const LandingQueries = lazy(() => import('./landing-queries.tsx').then((m) => ({ default: m.LandingQueries })));

type Stage = 'maintenance' | 'in-app' | 'non-phone' | 'notices' | null;

/** What the modals know of the two answers: undefined while not known. */
interface Answers {
  maintenance: Maintenance | null | undefined;
  notices: string[] | undefined;
}

const unknown: Answers = { maintenance: undefined, notices: undefined };

/**
 * On landing, in this order (SPEC.md §2.4, §4): the maintenance modal while a window is active;
 * otherwise the browser alert for in-app browsers (back to the introduction page, no way on) and
 * non-phone devices (may close it); otherwise the bank's or the channel's notices. Once the applicant
 * has closed the notices (or the non-phone alert) in this tab, only maintenance is checked again.
 * A failed maintenance (other than 404) or notifications call goes to the error page (SPEC.md §8).
 *
 * The server renders the page with the answers it read (maintenance, notices), as for a supported
 * phone that has not yet seen them; the browser hydrates that first and then applies what only it
 * knows (the browser, the tab's session storage, the channel kept from an earlier entry).
 */
export function LandingModals({ type }: { type: ApplicationType }) {
  const bank = useBank();
  const navigate = useAppNavigate();
  const { search } = useAppLocation();
  const inBrowser = useRenderedInBrowser();
  const server = useServerLandingAnswers();
  // The server's answers serve the render that hydrates them (and the server's own), never a later mount.
  const [fromServer] = useState(() => (inBrowser ? null : server));
  const [support] = useRestoredState<BrowserSupport>(() => classifyBrowser(navigator.userAgent), 'supported');
  const [acknowledged, setAcknowledged] = useRestoredState(() => session.isLandingAcknowledged(), false);
  const [alertClosed, setAlertClosed] = useState(false);
  const [live, setLive] = useState<LiveAnswers | null>(null);
  // Notices of the channel the applicant arrived with, else the bank's (while hydrating: the server's).
  const noticeTarget = inBrowser ? (parseEntryQuery(search).channel ?? session.getChannel() ?? bank.code) : (fromServer?.notices?.target ?? bank.code);

  const answers: Answers =
    live ??
    (fromServer
      ? { maintenance: fromServer.maintenance, notices: fromServer.notices?.target === noticeTarget ? fromServer.notices.list : undefined }
      : unknown);
  const clearOfMaintenance = answers.maintenance === null;
  const wantsNotices = clearOfMaintenance && support !== 'in-app' && !acknowledged && (support === 'supported' || alertClosed);

  const failed = live?.failed === true;
  useEffect(() => {
    if (failed) navigate(pageBySlug(flows[type].errorPage).path, { replace: true });
  }, [failed, navigate, type]);

  // The live queries start once the page is on screen (after hydration, with the server's answers in their cache).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const acknowledge = () => {
    session.acknowledgeLanding();
    setAcknowledged(true);
  };

  let stage: Stage = null;
  if (answers.maintenance) stage = 'maintenance';
  else if (clearOfMaintenance && support === 'in-app') stage = 'in-app';
  else if (clearOfMaintenance && support === 'non-phone' && !acknowledged && !alertClosed) stage = 'non-phone';
  else if (wantsNotices && answers.notices && answers.notices.length > 0) stage = 'notices';

  const backToIntroduction = <LinkButton href={bank.links.introduction}>{landingText.backToIntroduction}</LinkButton>;

  return (
    <>
      {mounted && (
        <Suspense fallback={null}>
          <LandingQueries bankCode={bank.code} noticeTarget={noticeTarget} wantsNotices={wantsNotices} server={fromServer} onAnswers={setLive} />
        </Suspense>
      )}
      <Modal open={stage === 'maintenance'} title={landingText.maintenanceTitle} actions={backToIntroduction}>
        <p>{landingText.maintenanceLead}</p>
        {answers.maintenance && <MaintenancePeriod window={answers.maintenance} />}
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
        actions={
          // A dialog form: the button closes the modal even before (or without) JavaScript.
          <form method="dialog" className={styles.actionsForm}>
            <Button type="submit" onClick={acknowledge}>
              {landingText.noticeConfirm}
            </Button>
          </form>
        }
      >
        <ul className={styles.notices}>
          {(answers.notices ?? []).map((contents, index) => (
            <li key={index}>{contents}</li>
          ))}
        </ul>
      </Modal>
    </>
  );
}
