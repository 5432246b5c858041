import { useId, type ReactNode } from 'react';
import styles from './term-screen.module.css';

/** A notice confirmed by a checkbox (passbook-less, seal-less). */
export function Notice({ number, title, children }: { number: ReactNode; title: string; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset className={styles.notice} aria-labelledby={id}>
      <legend id={id} className={styles.noticeTitle}>
        {number}
        {title}
      </legend>
      <div className={styles.noticeBody}>{children}</div>
    </fieldset>
  );
}
