import { normaliseKanaName } from '@koza/domain/fields/kana-name';
import { joinPhoneParts, normalisePhone } from '@koza/domain/fields/phone';
import { fieldsOf, type FieldRecord, type KindKey } from '@koza/domain/fields/registry';
import { FieldGroup, type GroupControlProps, type Requirement } from '../components/field.tsx';
import { PhoneField, splitPhone, type PhoneParts } from '../components/phone-field.tsx';
import parts from '../components/parts.module.css';

// UI wording of a person's name; field messages come from messages.ts, the phones' labels from the
// field registry.
export const personText = {
  name: 'お名前',
  lastName: '姓',
  firstName: '名',
  kanaName: 'お名前（カナ）',
  kanaLastName: 'セイ',
  kanaFirstName: 'メイ',
  kanaHint: '小さい文字（ｬ ｭ ｮ ｯ など）は大きい文字で登録されます。',
} as const;

export interface NameEntry {
  lastName: string;
  firstName: string;
  kanaLastName: string;
  kanaFirstName: string;
}

/** A phone a screen asks for: a registry field of kind 'mobile' or 'phone' (its label is the registry's). */
export interface PhoneInput<R extends FieldRecord> {
  key: KindKey<R, 'mobile' | 'phone'>;
  requirement: Requirement;
}

/** The phones of a person's form, each in its three inputs, by the registry key it is saved under. */
export interface PhoneEntry<K extends string = string> {
  phones: Record<K, PhoneParts>;
}

type Keys<L extends readonly { key: string }[]> = L[number]['key'];

/** The phones of a list, empty. */
export const emptyPhones = <L extends readonly { key: string }[]>(list: L): PhoneEntry<Keys<L>> => ({
  phones: Object.fromEntries(list.map((p) => [p.key, ['', '', '']])) as Record<Keys<L>, PhoneParts>,
});

/** The phones of a list as a saved person fills them, read with the saved record's text getter ('' for null). */
export const phonesFrom = <L extends readonly { key: string }[]>(list: L, text: (key: Keys<L>) => string): PhoneEntry<Keys<L>> => ({
  phones: Object.fromEntries(list.map((p) => [p.key, splitPhone(text(p.key))])) as Record<Keys<L>, PhoneParts>,
});

/** The phones of a list as the payload carries them: each joined by hyphens, '' when empty. */
export const phonesPayload = <L extends readonly { key: string }[]>(list: L, entry: PhoneEntry<Keys<L>>): Record<Keys<L>, string> =>
  Object.fromEntries(list.map((p) => [p.key, joinPhoneParts(entry.phones[p.key as Keys<L>])])) as Record<Keys<L>, string>;

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

/**
 * A person's phones, in the order of the list, each in three inputs normalised on blur, labelled as
 * the field registry labels the field (the applicant's, the child's and the parent's personal steps).
 */
export function PhoneFields<R extends FieldRecord, K extends string>({
  record,
  list,
  value,
  update,
  errors,
}: Omit<SectionProps<PhoneEntry<K>>, 'nameHint'> & { record: R; list: readonly (PhoneInput<R> & { key: K })[] }) {
  const labels = new Map(fieldsOf(record).map((f) => [f.key, f.label]));
  const set = (key: K, change: (parts: PhoneParts) => PhoneParts) => update((e) => ({ phones: { ...e.phones, [key]: change(e.phones[key]) } }));
  return (
    <>
      {list.map(({ key, requirement }) => (
        <PhoneField
          key={key}
          label={labels.get(key) ?? key}
          requirement={requirement}
          value={value.phones[key]}
          onChange={(v) => set(key, () => v)}
          onBlur={(index) => set(key, (p) => p.map((part, i) => (i === index ? normalisePhone(part) : part)) as PhoneParts)}
          error={errors[key]}
        />
      ))}
    </>
  );
}
