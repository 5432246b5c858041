import styles from './step-bar.module.css';

interface StepBarProps {
  /** The bank's labels for this flow (7 general, 12 child); their count is the number of steps. */
  labels: readonly string[];
  /** 1-based number of the current step. */
  current: number;
}

// UI wording of the step bar (not messages of SPEC.md).
const text = {
  navLabel: 'お申込みの手順',
  step: (n: number, total: number) => `STEP ${n}/${total}`,
  done: '（完了）',
};

/**
 * Where the applicant is: an ordered list whose current item carries aria-current="step".
 * Small phones cannot show twelve labels side by side, so only the current label is shown;
 * every label stays in the list for screen readers.
 */
export function StepBar({ labels, current }: StepBarProps) {
  const total = labels.length;
  const currentLabel = labels[current - 1];
  return (
    <nav className={styles.stepBar} aria-label={text.navLabel}>
      <p className={styles.caption} aria-hidden="true">
        <span className={styles.count}>{text.step(current, total)}</span>
        {currentLabel}
      </p>
      <ol className={styles.list}>
        {labels.map((label, index) => {
          const number = index + 1;
          const state = number < current ? 'done' : number === current ? 'current' : 'todo';
          return (
            <li key={number} className={`${styles.item} ${styles[state] ?? ''}`} aria-current={state === 'current' ? 'step' : undefined}>
              <span className={styles.marker} aria-hidden="true">
                {number}
              </span>
              <span className="visually-hidden">
                {label}
                {state === 'done' ? text.done : ''}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
