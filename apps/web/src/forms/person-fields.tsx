import { normaliseKanaName } from '@koza/domain/fields/kana-name';
import { normalisePhone } from '@koza/domain/fields/phone';
import { FieldGroup, type GroupControlProps } from '../components/field.tsx';
import { PhoneField, type PhoneParts } from '../components/phone-field.tsx';
import parts from '../components/parts.module.css';

// UI wording of a person's name and phones; field messages come from messages.ts.
export const personText = {
  name: 'お名前',
  lastName: '姓',
  firstName: '名',
  kanaName: 'お名前（カナ）',
  kanaLastName: 'セイ',
  kanaFirstName: 'メイ',
  kanaHint: '小さい文字（ｬ ｭ ｮ ｯ など）は大きい文字で登録されます。',
  mobile: '携帯電話番号',
  home: '自宅電話番号',
} as const;

export interface NameEntry {
  lastName: string;
  firstName: string;
  kanaLastName: string;
  kanaFirstName: string;
}

export interface PhoneEntry {
  mobile: PhoneParts;
  home: PhoneParts;
}

type NameKey = keyof NameEntry;

/** A saved person's name parts, read with the saved record's text getter ('' for null). */
export const nameEntryOf = (text: (key: NameKey) => string): NameEntry => ({
  lastName: text('lastName'),
  firstName: text('firstName'),
  kanaLastName: text('kanaLastName'),
  kanaFirstName: text('kanaFirstName'),
});

interface SectionProps<E> {
  value: E;
  /** Updates the entry from its latest state. */
  update: (change: (entry: E) => Partial<E>) => void;
  errors: Record<string, string>;
  /** A hint under the name (e.g. that the parent's surname must be the child's). */
  nameHint?: string;
}

/**
 * Name and kana name, surname and given name each in its own input (SPEC.md §5); the kana is made
 * large on blur. The applicant's, the child's and the parent's personal steps.
 */
export function NameFields({ value, update, errors, nameHint }: SectionProps<NameEntry>) {
  const part = (control: GroupControlProps, key: NameKey, label: string, autoComplete: string, kana = false) => (
    <label className={parts.part}>
      <span>{label}</span>
      <input
        type="text"
        aria-label={label}
        value={value[key]}
        autoComplete={autoComplete}
        {...control(Boolean(errors[key]))}
        onChange={(e) => {
          const text = e.target.value;
          update(() => ({ [key]: text }));
        }}
        onBlur={kana ? () => update((n) => ({ [key]: normaliseKanaName(n[key]) })) : undefined}
      />
    </label>
  );
  return (
    <>
      <FieldGroup label={personText.name} requirement="required" hint={nameHint} error={errors.lastName ?? errors.firstName}>
        {(control) => (
          <div className={parts.row}>
            {part(control, 'lastName', personText.lastName, 'family-name')}
            {part(control, 'firstName', personText.firstName, 'given-name')}
          </div>
        )}
      </FieldGroup>
      <FieldGroup label={personText.kanaName} requirement="required" hint={personText.kanaHint} error={errors.kanaLastName ?? errors.kanaFirstName}>
        {(control) => (
          <div className={parts.row}>
            {part(control, 'kanaLastName', personText.kanaLastName, 'off', true)}
            {part(control, 'kanaFirstName', personText.kanaFirstName, 'off', true)}
          </div>
        )}
      </FieldGroup>
    </>
  );
}

/** Mobile phone (required) and home phone (optional), each in three inputs normalised on blur. */
export function PhoneFields({ value, update, errors }: Omit<SectionProps<PhoneEntry>, 'nameHint'>) {
  const phone = (key: keyof PhoneEntry, field: string, label: string, required: boolean) => (
    <PhoneField
      label={label}
      requirement={required ? 'required' : 'optional'}
      value={value[key]}
      onChange={(v) => update(() => ({ [key]: v }))}
      onBlur={(index) =>
        update((e) => {
          const next: PhoneParts = [...e[key]];
          next[index] = normalisePhone(next[index] ?? '');
          return { [key]: next };
        })
      }
      error={errors[field]}
    />
  );
  return (
    <>
      {phone('mobile', 'mobilePhoneNumber', personText.mobile, true)}
      {phone('home', 'phoneNumber', personText.home, false)}
    </>
  );
}
