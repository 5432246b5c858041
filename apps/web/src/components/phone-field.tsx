import { Fragment, useId } from 'react';
import { FieldGroup, type Requirement } from './field.tsx';
import styles from './parts.module.css';

export type PhoneParts = [string, string, string];

/** Splits a saved 'XXX-XXXX-XXXX' into the three inputs ('' for a missing part). */
export function splitPhone(value: string | null | undefined): PhoneParts {
  const [a = '', b = '', c = ''] = (value ?? '').split('-');
  return [a, b, c];
}

// Widest part first: a landline area code has up to 5 digits (0 + 1–4), the other parts up to 4.
const partMaxLength = [5, 4, 4] as const;

interface PhoneFieldProps {
  /** The question, e.g. 携帯電話番号; each input is named '<label>（1つ目）' and so on. */
  label: string;
  requirement?: Requirement;
  hint?: string;
  value: PhoneParts;
  onChange: (value: PhoneParts) => void;
  /** Called when a part loses focus (to normalise it). */
  onBlur?: (index: number) => void;
  error?: string | undefined;
  readOnly?: boolean;
  /** Not asked for (e.g. a workplace phone the chosen occupation does not need): shown empty and greyed. */
  disabled?: boolean;
  id?: string;
}

/**
 * A phone number in three inputs with the digits keyboard, joined by hyphens in the payload
 * (SPEC.md §3, §5). The error is linked to the group and each input is marked invalid.
 */
export function PhoneField({ label, requirement, hint, value, onChange, onBlur, error, readOnly = false, disabled = false, id }: PhoneFieldProps) {
  const generated = useId();
  const groupId = id ?? `phone-${generated}`;
  return (
    <FieldGroup label={label} requirement={requirement} hint={hint} error={error} id={groupId}>
      {(control) => (
        <div className={styles.phone}>
          {value.map((part, index) => (
            <Fragment key={index}>
              {index > 0 && (
                <span className={styles.separator} aria-hidden="true">
                  -
                </span>
              )}
              <input
                id={`${groupId}-${index}`}
                type="text"
                inputMode="numeric"
                autoComplete={index === 0 ? 'tel-area-code' : index === 1 ? 'tel-local-prefix' : 'tel-local-suffix'}
                aria-label={`${label}（${index + 1}つ目）`}
                {...control(Boolean(error))}
                maxLength={partMaxLength[index]}
                value={disabled ? '' : part}
                readOnly={readOnly}
                disabled={disabled}
                onChange={(e) => {
                  const next: PhoneParts = [...value];
                  next[index] = e.target.value;
                  onChange(next);
                }}
                onBlur={() => onBlur?.(index)}
              />
            </Fragment>
          ))}
        </div>
      )}
    </FieldGroup>
  );
}
