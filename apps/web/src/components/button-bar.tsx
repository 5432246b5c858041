import type { ReactNode } from 'react';
import styles from './button-bar.module.css';

interface ButtonBarProps {
  children: ReactNode;
  /** Back and Next side by side (Back narrower), so the bar covers less of the screen. */
  row?: boolean;
}

/** Bottom bar for a screen's buttons; the primary one ('次へ') goes last, nearest the thumb. */
export function ButtonBar({ children, row = false }: ButtonBarProps) {
  return <div className={`${styles.buttonBar} ${row ? styles.row : ''}`}>{children}</div>;
}
