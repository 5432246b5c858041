import type { ReactNode } from 'react';
import styles from './error-text.module.css';

interface ErrorTextProps {
  id?: string;
  children: ReactNode;
}

/** A field or form error: red text with an icon, so colour is not the only signal. */
export function ErrorText({ id, children }: ErrorTextProps) {
  return (
    <p id={id} className={styles.error}>
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="11" fill="currentColor" />
        <rect x="10.75" y="5.5" width="2.5" height="8.5" rx="1.25" fill="#fff" />
        <circle cx="12" cy="17.5" r="1.5" fill="#fff" />
      </svg>
      <span>{children}</span>
    </p>
  );
}
