import type { FieldControlProps } from './field.tsx';
import styles from './choice-group.module.css';

interface CheckboxListProps {
  options: readonly string[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** The group's ARIA link to its error (FieldGroup's `control(invalid)`), spread on every box. */
  control?: Pick<FieldControlProps, 'aria-describedby' | 'aria-invalid'>;
}

/**
 * Several choices of one question (inside a FieldGroup marked 複数選択可), each a full-width tile of at
 * least 44 px. The chosen values keep the order of the options.
 */
export function CheckboxList({ options, value, onChange, control }: CheckboxListProps) {
  const toggle = (option: string, checked: boolean) => {
    const chosen = new Set(value);
    if (checked) chosen.add(option);
    else chosen.delete(option);
    onChange(options.filter((o) => chosen.has(o)));
  };
  return (
    <div className={styles.options}>
      {options.map((option) => (
        <label key={option} className={styles.option}>
          <input type="checkbox" checked={value.includes(option)} onChange={(e) => toggle(option, e.target.checked)} {...control} />
          <span>{option}</span>
        </label>
      ))}
    </div>
  );
}
