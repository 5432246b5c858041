import type { ReactNode, RefObject } from 'react';
import { applicantStatusLabels, applicantStatusNext, statusText } from '@koza/domain/application-status';
import type { ApplicationStatusView } from '@koza/domain/api/application-status';
import { BankContact } from '../../components/bank-contact.tsx';
import { PanelList, PanelSection } from '../../components/panel-section.tsx';
import entry from '../../forms/mail-code-entry.module.css';
import { formatJapanDateTime } from '../../lib/japan-time.ts';
import panel from '../../components/panel.module.css';
import styles from './status-screen.module.css';

function DateTime({ iso }: { iso: string }) {
  return (
    <time className="nowrap" dateTime={iso}>
      {formatJapanDateTime(iso)}
    </time>
  );
}

/** The state of one application: what the applicant may see, nothing more (decision 0192). */
export function StatusResult({ view, headingRef }: { view: ApplicationStatusView; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const rows: [string, ReactNode][] = [
    [statusText.applicationNumber, <span className={styles.number}>{view.applicationNumber}</span>],
    [statusText.branch, view.branchName],
    [statusText.appliedAt, <DateTime iso={view.appliedAt} />],
  ];
  // A closed application's name is no longer kept (decision 0239): the holder row goes with it.
  if (view.firstName !== '')
    rows.splice(1, 0, [
      statusText.holder,
      <>
        {view.firstName} {statusText.holderSuffix}
        {view.applicationType === 'CHILD' && statusText.childHolderNote}
      </>,
    ]);
  if (view.decidedAt) rows.push([statusText.decidedAt, <DateTime iso={view.decidedAt} />]);
  if (view.cancelledAt) rows.push([statusText.cancelledAt, <DateTime iso={view.cancelledAt} />]);
  if (view.reason) rows.push([statusText.reason, view.reason]);
  return (
    <>
      <h2 ref={headingRef} tabIndex={-1} className={entry.stepTitle}>
        {statusText.resultStep}
      </h2>
      <div className={panel.facts}>
        <dl>
          <div>
            <dt>{statusText.state}</dt>
            <dd className={styles.label}>{applicantStatusLabels[view.status]}</dd>
          </div>
          {rows.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <PanelSection title={statusText.next}>
        <PanelList items={applicantStatusNext[view.status]} />
      </PanelSection>
      <PanelSection title={statusText.contact}>
        <BankContact />
      </PanelSection>
    </>
  );
}
