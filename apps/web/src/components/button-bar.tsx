import type { ReactNode } from 'react';
import styles from './button-bar.module.css';

/** Bottom bar for a screen's buttons; the primary one ('次へ') goes last, nearest the thumb. */
export function ButtonBar({ children }: { children: ReactNode }) {
  return <div className={styles.buttonBar}>{children}</div>;
}
