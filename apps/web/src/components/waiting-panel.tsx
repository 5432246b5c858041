import { Spinner } from './spinner.tsx';
import styles from './waiting-panel.module.css';

/** A wait the applicant cannot shorten (eKYC result, completion): a large spinner, what happens, a note. */
export function WaitingPanel({ message, note }: { message: string; note: string }) {
  return (
    <div className={styles.waiting}>
      <div className={styles.spinner}>
        <Spinner />
      </div>
      <p className={styles.message} role="status">
        {message}
      </p>
      <p className={styles.note}>{note}</p>
    </div>
  );
}
