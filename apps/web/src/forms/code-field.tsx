import { useId } from 'react';
import { messages } from '@koza/domain/messages';
import { Button } from '../components/button.tsx';
import { ErrorText } from '../components/error-text.tsx';
import { FieldGroup } from '../components/field.tsx';
import styles from './workplace-sections.module.css';

/** A code input: typed, applied and found, or applied and not found (SPEC.md §4). */
export type CodeState = { status: 'idle' } | { status: 'verified'; applied: string } | { status: 'notFound'; applied: string };

/** A code is settled when empty and never applied, or applied and found with the same text. */
export function isCodeSettled(input: string, state: CodeState): boolean {
  if (state.status === 'verified') return input.trim() === state.applied;
  return input.trim() === '' && state.status === 'idle';
}

// UI wording of the code fields.
export const codeFieldText = { apply: '適用', clear: 'クリア' } as const;

interface CodeFieldProps {
  label: string;
  hint: string;
  value: string;
  state: CodeState;
  maxLength: number;
  error: string | undefined;
  /** The code is applied and locked (the applied workplace fills name and phone). */
  readOnly: boolean;
  /** The apply lookup is running. */
  applying: boolean;
  /** Another request of the screen is running. */
  busy: boolean;
  found: string;
  notFound: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  onApply: () => void;
  onClear: () => void;
  inputMode?: 'text';
}

/**
 * A code typed, applied with 適用 (looked up by the API) and cleared with クリア: the workplace code and
 * the invitation code of the workplace step, and the child flow's equivalents.
 */
export function CodeField(props: CodeFieldProps) {
  const { label, hint, value, state, maxLength, error, readOnly, applying, busy } = props;
  const resultId = `code-${useId()}-result`;
  return (
    <FieldGroup label={label} requirement="optional" hint={hint} error={error}>
      {(control) => {
        const aria = control(Boolean(error));
        // The input is described by its error and by the lookup's answer (found / not found).
        const describedBy = [aria['aria-describedby'], state.status !== 'idle' && resultId].filter(Boolean).join(' ') || undefined;
        return (
          <>
            <div className={styles.codeRow}>
              <input
                type="text"
                inputMode={props.inputMode}
                autoCapitalize="characters"
                autoComplete="off"
                aria-label={label}
                aria-invalid={aria['aria-invalid'] ?? (state.status === 'notFound' || undefined)}
                aria-describedby={describedBy}
                maxLength={maxLength}
                value={value}
                readOnly={readOnly}
                onChange={(e) => props.onChange(e.target.value)}
                onBlur={props.onBlur}
              />
              <Button variant="secondary" pending={applying} disabled={busy || readOnly} onClick={props.onApply}>
                {codeFieldText.apply}
              </Button>
              <Button variant="secondary" disabled={busy} onClick={props.onClear}>
                {codeFieldText.clear}
              </Button>
            </div>
            {state.status === 'verified' ? (
              <p id={resultId} className={styles.found} role="status">
                {props.found}
              </p>
            ) : state.status === 'notFound' ? (
              <div className={styles.notFound} role="alert">
                <ErrorText id={resultId}>{props.notFound}</ErrorText>
              </div>
            ) : null}
          </>
        );
      }}
    </FieldGroup>
  );
}

/** The code-not-confirmed messages of codes typed but not applied (SPEC.md §5). */
export function unsettledCodeErrors(codes: Record<string, { input: string; state: CodeState }>): { field: string; message: string }[] {
  return Object.entries(codes)
    .filter(([, c]) => !isCodeSettled(c.input, c.state))
    .map(([field]) => ({ field, message: messages.codeNotConfirmed }));
}
