import type { MouseEvent } from 'react';
import { statusText } from '@koza/domain/application-status';
import { pageBySlug } from '@koza/domain/flows';
import { useAppNavigate } from '../lib/navigation.tsx';
import styles from './status-link.module.css';

/** The link to お申込み状況の確認 on /term and the completion screens (decision 0192). */
export function StatusLink() {
  const navigate = useAppNavigate();
  const path = pageBySlug('status').path;
  // A plain click moves within the app (the entry shell brings the full app); a modified one opens the link as the browser does.
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(path);
  };
  return (
    <aside className={styles.box} aria-label={statusText.linkLabel}>
      <p>{statusText.linkLead}</p>
      <a className={styles.link} href={path} onClick={onClick}>
        {statusText.linkLabel}
      </a>
    </aside>
  );
}
