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
