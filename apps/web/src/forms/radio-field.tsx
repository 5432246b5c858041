import { FieldGroup } from '../components/field.tsx';
import choiceStyles from '../components/choice-group.module.css';

interface RadioFieldProps<V extends string> {
  /** The question (the group's name); a required badge as every required field. */
  label: string;
  /** The radios' name attribute (one per screen). */
  name: string;
  options: readonly { value: V; label: string }[];
  value: string;
  onChange: (value: V) => void;
  error: string | undefined;
}

/**
 * A required single choice of short labels side by side (gender, the parent's relationship; a lone
 * choice such as the proxy reason takes the whole width), with its message under the question.
 */
export function RadioField<V extends string>({ label, name, options, value, onChange, error }: RadioFieldProps<V>) {
  return (
    <FieldGroup label={label} requirement="required" error={error}>
      {(control) => (
        <div role="radiogroup" aria-label={label} className={`${choiceStyles.options} ${options.length > 1 ? choiceStyles.inline : ''}`}>
          {options.map((option) => (
            <label key={option.value} className={choiceStyles.option}>
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                {...control(Boolean(error))}
                onChange={() => onChange(option.value)}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
      )}
    </FieldGroup>
  );
}
