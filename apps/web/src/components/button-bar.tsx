import type { ReactNode } from 'react';
import { ToastRegion } from './toast-region.tsx';
import styles from './button-bar.module.css';

interface ButtonBarProps {
  children: ReactNode;
  /** Back and Next side by side (Back narrower), so the bar covers less of the screen. */
  row?: boolean;
}

/** The bar on the page, if any (focusFirstError keeps a field clear of it). */
export const buttonBarOnPage = (): HTMLElement | null => document.querySelector<HTMLElement>('[data-button-bar]');

/**
 * Bottom bar for a screen's buttons; the primary one ('次へ') goes last, nearest the thumb. Toasts
 * show at its top, above the buttons, where they cover no heading, step bar or button.
 */
export function ButtonBar({ children, row = false }: ButtonBarProps) {
  return (
    <div className={`${styles.buttonBar} ${row ? styles.row : ''}`} data-button-bar="">
      <ToastRegion />
      {children}
    </div>
  );
}
