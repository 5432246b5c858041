import { landingText } from '@koza/domain/landing-text';
import type { Maintenance } from '../api/entry.ts';
import { formatJapanDateTime } from '../lib/japan-time.ts';
import styles from './maintenance-period.module.css';

/** A maintenance window's start and end in Japan time, as both maintenance modals show it (SPEC.md §2.4). */
export function MaintenancePeriod({ window }: { window: Maintenance }) {
  return (
    <dl className={styles.period}>
      <dt>{landingText.maintenanceStart}</dt>
      <dd>
        <span className="nowrap">{formatJapanDateTime(window.startedAt)}</span>
      </dd>
      <dt>{landingText.maintenanceEnd}</dt>
      <dd>
        <span className="nowrap">{formatJapanDateTime(window.endedAt)}</span>
      </dd>
    </dl>
  );
}
