import { useEffect, useRef } from 'react';
import { branchSearchLabel } from '@koza/domain/confirmation-questions';
import { ExternalLink } from './external-link.tsx';
import styles from './blocked-notice.module.css';

interface BlockedNoticeProps {
  message: string;
  /** A second line, e.g. that a branch visit must be booked. */
  note?: string;
  branchSearchUrl: string;
}

/**
 * The red message of a blocking answer (SPEC.md §2.3, §8), with the branch and ATM search in a
 * new tab. role=alert: it appears as the consequence of a choice and is read out at once.
 */
export function BlockedNotice({ message, note, branchSearchUrl }: BlockedNoticeProps) {
  const ref = useRef<HTMLDivElement>(null);
  // The message appears below the choice, often under the bottom button bar: bring it into view.
  useEffect(() => {
    const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    ref.current?.scrollIntoView?.({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
  }, []);
  return (
    <div ref={ref} className={styles.notice} role="alert">
      <p className={styles.message}>
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="11" fill="currentColor" />
          <rect x="10.75" y="5.5" width="2.5" height="8.5" rx="1.25" fill="#fff" />
          <circle cx="12" cy="17.5" r="1.5" fill="#fff" />
        </svg>
        <span>{message}</span>
      </p>
      {note && <p className={styles.note}>{note}</p>}
      <p className={styles.linkLine}>
        <ExternalLink href={branchSearchUrl}>{branchSearchLabel}</ExternalLink>
      </p>
    </div>
  );
}
