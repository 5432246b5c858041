import { useId, type ReactNode } from 'react';
import { ErrorText } from './error-text.tsx';
import styles from './field.module.css';

/** How a field is marked (SPEC.md §5, last point): required, either-required or optional. */
export type Requirement = 'required' | 'either' | 'optional';

// Badge wording for the field labels; these are UI labels, not messages of SPEC.md.
const requirementText: Record<Requirement, string> = {
  required: '必須',
  either: 'いずれか必須',
  optional: '任意',
};
const multipleText = '複数選択可';

/** Props to spread on the input (or the first input) of a field. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean | undefined;
}

interface FieldBaseProps {
  label: ReactNode;
  requirement?: Requirement;
  /** Multi-select fields say 'multiple choices allowed'. */
  multiple?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  /** Use a given id instead of a generated one. */
  id?: string;
}

interface FieldProps extends FieldBaseProps {
  children: (control: FieldControlProps) => ReactNode;
}

function Badges({ requirement, multiple }: Pick<FieldBaseProps, 'requirement' | 'multiple'>) {
  return (
    <>
      {requirement && <span className={`${styles.badge} ${styles[requirement]}`}>{requirementText[requirement]}</span>}
      {multiple && <span className={`${styles.badge} ${styles.multiple}`}>{multipleText}</span>}
    </>
  );
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list === '' ? undefined : list;
}

/**
 * One labelled input. The render prop receives the id and the ARIA attributes that link
 * the input to its hint and error:
 *   <Field label="氏名" requirement="required" error={errors.name?.message}>
 *     {(control) => <input {...control} {...register('name')} />}
 *   </Field>
 */
export function Field({ label, requirement, multiple, hint, error, id, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={controlId}>
        <span>{label}</span>
        <Badges requirement={requirement} multiple={multiple} />
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div className={styles.control}>
        {children({
          id: controlId,
          'aria-describedby': describedBy(hintId, errorId),
          'aria-invalid': error ? true : undefined,
        })}
      </div>
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </div>
  );
}

/** ARIA attributes linking one control of a group to the group's error (aria-invalid, aria-describedby). */
export type GroupControlProps = (invalid: boolean) => Pick<FieldControlProps, 'aria-describedby' | 'aria-invalid'>;

/** Links a control to an error shown under its group when the control is the invalid one. */
export const groupControl =
  (errorId: string | undefined): GroupControlProps =>
  (invalid) => ({
    'aria-describedby': invalid && errorId ? errorId : undefined,
    'aria-invalid': invalid ? true : undefined,
  });

interface FieldGroupProps extends FieldBaseProps {
  /**
   * The group's controls. As a function it receives `control(invalid)`, the ARIA attributes that link
   * each invalid control to the group's error by itself (not only through the group), e.g.
   * `{(control) => <input {...control(Boolean(errors.lastName))} />}`.
   */
  children: ReactNode | ((control: GroupControlProps) => ReactNode);
}

/**
 * A group of inputs, radios or checkboxes under one question: a fieldset whose legend carries the
 * badges, with the error linked to the group and, through the render prop, to each invalid control.
 */
export function FieldGroup({ label, requirement, multiple, hint, error, id, children }: FieldGroupProps) {
  const generated = useId();
  const groupId = id ?? `group-${generated}`;
  const hintId = hint ? `${groupId}-hint` : undefined;
  const errorId = error ? `${groupId}-error` : undefined;
  return (
    <fieldset id={groupId} className={styles.field} aria-describedby={describedBy(hintId, errorId)}>
      <legend className={styles.label}>
        <span>{label}</span>
        <Badges requirement={requirement} multiple={multiple} />
      </legend>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div className={styles.control}>{typeof children === 'function' ? children(groupControl(errorId)) : children}</div>
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </fieldset>
  );
}
