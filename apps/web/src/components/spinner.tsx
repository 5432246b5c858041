import styles from './spinner.module.css';

interface SpinnerProps {
  /** Text for assistive technology; omit when the surrounding element already says what happens. */
  label?: string;
}

export function Spinner({ label }: SpinnerProps) {
  if (label) {
    return (
      <span role="status">
        <span className={styles.spinner} aria-hidden="true" />
        <span className="visually-hidden">{label}</span>
      </span>
    );
  }
  return <span className={styles.spinner} aria-hidden="true" />;
}

/**
 * A page's content while it loads: a spinner in a block as tall as the screen, so the footer stays
 * below the fold and does not jump when the content arrives (no layout shift on reload, issue 13).
 */
export function PageLoading({ label }: { label: string }) {
  return (
    <div className={styles.page}>
      <Spinner label={label} />
    </div>
  );
}
