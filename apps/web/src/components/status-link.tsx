import { Link } from 'react-router';
import { statusText } from '@koza/domain/application-status';
import { pageBySlug } from '@koza/domain/flows';
import styles from './status-link.module.css';

/** The link to お申込み状況の確認 on /term and the completion screens (decision 0192). */
export function StatusLink() {
  return (
    <aside className={styles.box} aria-label={statusText.linkLabel}>
      <p>{statusText.linkLead}</p>
      <Link className={styles.link} to={pageBySlug('status').path}>
        {statusText.linkLabel}
      </Link>
    </aside>
  );
}
