import type { ReactNode } from 'react';
import styles from './external-link.module.css';

/** Told to screen readers after every link that opens a new tab. */
export const newTabText = '（新しいタブで開きます）';

/** A link to a page outside the service, opened in a new tab (rel=noopener: the page cannot reach back). */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a className={styles.link} href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">{newTabText}</span>
    </a>
  );
}
