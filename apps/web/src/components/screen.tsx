import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useBank } from '../lib/bank-context.tsx';
import styles from './screen.module.css';

interface ScreenProps {
  /** The screen's h1; also the first part of the document title. */
  title: string;
  /** A short line above the heading (e.g. the bank's name). */
  eyebrow?: ReactNode;
  children?: ReactNode;
  /** The screen's ButtonBar, placed after the content so it stays at the bottom. */
  actions?: ReactNode;
}

/**
 * Frame of every screen. On each new screen focus moves to the h1, so screen readers announce
 * where the applicant arrived and keyboard users start from the top.
 */
export function Screen({ title, eyebrow, children, actions }: ScreenProps) {
  const bank = useBank();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Before the new screen is painted: its first frame is already at the top, not drawn at the
  // previous screen's scroll position and then moved (a layout shift, issue 45).
  useLayoutEffect(() => {
    headingRef.current?.focus({ preventScroll: false });
    window.scrollTo(0, 0);
  }, [title]);

  useEffect(() => {
    document.title = `${title}｜${bank.name}`;
  }, [title, bank.name]);

  return (
    <div className={styles.screen}>
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
      <h1 ref={headingRef} tabIndex={-1} className={styles.title}>
        {title}
      </h1>
      <div className={styles.content}>{children}</div>
      {actions}
    </div>
  );
}
