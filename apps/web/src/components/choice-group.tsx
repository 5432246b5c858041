import { useId, type ReactNode } from 'react';
import { useEarlyInput } from '../lib/early-input.ts';
import { ErrorText } from './error-text.tsx';
import styles from './choice-group.module.css';

export interface Choice<V extends string> {
  value: V;
  label: string;
  /** A second, smaller line under the label (e.g. a branch's address). */
  description?: string;
}

interface ChoiceGroupProps<V extends string> {
  /** The question: the group's accessible name. */
  legend: ReactNode;
  options: readonly Choice<V>[];
  value: V | undefined;
  onChange: (value: V) => void;
  /** Content between the question and the choices (lists, notes); also describes the group. */
  details?: ReactNode;
  /** Content after the choices (e.g. the message a choice causes); also describes the group. */
  feedback?: ReactNode;
  /** The question's error: shown last, and linked to the group and to each choice. */
  error?: string | undefined;
  /** Lays the choices side by side (short labels such as はい / いいえ). */
  inline?: boolean;
  id?: string;
}

/**
 * One question answered by a single choice: a fieldset with role radiogroup, named by its legend,
 * described by its details and feedback. Each choice is a full-width tile of at least 44 px.
 */
export function ChoiceGroup<V extends string>({ legend, options, value, onChange, details, feedback, error, inline = false, id }: ChoiceGroupProps<V>) {
  const generated = useId();
  const groupId = id ?? `choice-${generated}`;
  const legendId = `${groupId}-legend`;
  const detailsId = details ? `${groupId}-details` : undefined;
  const feedbackId = feedback ? `${groupId}-feedback` : undefined;
  const errorId = error ? `${groupId}-error` : undefined;
  const describedBy = [detailsId, feedbackId, errorId].filter(Boolean).join(' ') || undefined;
  // A choice tapped in the prerendered page before the app started (lib/early-input.ts).
  useEarlyInput(groupId, (v): v is V => options.some((option) => option.value === v), onChange);
  return (
    <fieldset id={groupId} className={styles.group} role="radiogroup" aria-labelledby={legendId} aria-describedby={describedBy}>
      <legend id={legendId} className={styles.legend}>
        {legend}
      </legend>
      {details && (
        <div id={detailsId} className={styles.details}>
          {details}
        </div>
      )}
      <div className={`${styles.options} ${inline ? styles.inline : ''}`}>
        {options.map((option) => (
          <label key={option.value} className={styles.option}>
            <input
              type="radio"
              name={groupId}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={errorId}
            />
            {option.description ? (
              <span className={styles.labelWithDescription}>
                <span>{option.label}</span>
                <span className={styles.description}>{option.description}</span>
              </span>
            ) : (
              <span>{option.label}</span>
            )}
          </label>
        ))}
      </div>
      {feedback && (
        <div id={feedbackId} className={styles.feedback}>
          {feedback}
        </div>
      )}
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </fieldset>
  );
}

interface CheckboxProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  describedBy?: string;
  /** Marks the checkbox invalid (a required tick not given). */
  invalid?: boolean;
}

/** A single confirmation checkbox with a large tap area. */
export function Checkbox({ label, checked, onChange, describedBy, invalid }: CheckboxProps) {
  // Named only so that a tick given in the prerendered page before the app started is kept (lib/early-input.ts).
  const name = useId();
  useEarlyInput(name, (v): v is boolean => typeof v === 'boolean', onChange);
  return (
    <label className={styles.option}>
      <input
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
      />
      <span>{label}</span>
    </label>
  );
}
