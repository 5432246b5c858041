import { Fragment, type ReactNode } from 'react';
import { normaliseKanaName } from '@koza/domain/fields/kana-name';
import { normalisePhone } from '@koza/domain/fields/phone';
import { askedFields, type FieldDefinition, type FieldGroup as RegistryGroup, type Person } from '@koza/domain/fields/registry';
import { Field, FieldGroup, type GroupControlProps } from '../components/field.tsx';
import { PhoneField, type PhoneParts } from '../components/phone-field.tsx';
import { phoneFields, requirementOf, type NameEntry, type PhoneEntry, type TextEntry } from './person-entry.ts';
import { RadioField } from './radio-field.tsx';
import parts from '../components/parts.module.css';

// The inputs of what the field registry asks of a person on a page (decision 0251; the form values:
// ./person-entry.ts), the same for the applicant, the child and the parent: the name, the phones, the
// choices and every plain input, laid out with the page's own parts. UI wording of a person's name
// here; field messages come from messages.ts, the other labels from the field registry.
export const personText = {
  name: 'お名前',
  lastName: '姓',
  firstName: '名',
  kanaName: 'お名前（カナ）',
  kanaLastName: 'セイ',
  kanaFirstName: 'メイ',
  kanaHint: '小さい文字（ｬ ｭ ｮ ｯ など）は大きい文字で登録されます。',
} as const;

type NameKey = keyof NameEntry;

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

interface PersonProps<E> extends Omit<SectionProps<E>, 'nameHint'> {
  /** Who the page asks, and the group of the fields it types (the registry's). */
  person: Person;
  group: RegistryGroup;
}

/**
 * A person's phones, in registry order, each in three inputs normalised on blur, labelled as the field
 * registry labels the field, required when its rule says so (the applicant's, the child's and the
 * parent's personal steps).
 */
export function PhoneFields({ person, group, value, update, errors }: PersonProps<PhoneEntry>) {
  const set = (key: string, change: (parts: PhoneParts) => PhoneParts) =>
    update((e) => ({ phones: { ...e.phones, [key]: change(e.phones[key] ?? ['', '', '']) } }));
  return (
    <>
      {phoneFields(person, group).map((f) => (
        <PhoneField
          key={f.key}
          label={f.label}
          requirement={requirementOf(f, person)}
          value={value.phones[f.key] ?? ['', '', '']}
          onChange={(v) => set(f.key, () => v)}
          onBlur={(index) => set(f.key, (p) => p.map((part, i) => (i === index ? normalisePhone(part) : part)) as PhoneParts)}
          error={errors[f.key]}
        />
      ))}
    </>
  );
}

/** A choice of the registry (kind `choice`) the page asks the person, as radios with the registry's label and words (gender, relationship, proxy reason). */
export function ChoiceField({
  person,
  group,
  name,
  value,
  onChange,
  error,
}: Pick<PersonProps<unknown>, 'person' | 'group'> & { name: string; value: string; onChange: (value: string) => void; error: string | undefined }) {
  const field = askedFields(person, group).find((f) => f.key === name);
  const options = Object.entries(field?.choices ?? {}).map(([code, label]) => ({ value: code, label }));
  return <RadioField label={field?.label ?? name} name={name} options={options} value={value} onChange={onChange} error={error} />;
}

/** A field typed in a plain input of its own (registry `input`): its label, requirement, hint and autocomplete are the registry's. */
function TextField({ field, person, value, update, errors }: Omit<PersonProps<TextEntry>, 'group'> & { field: FieldDefinition }) {
  const set = (change: (text: string) => string) => update((e) => ({ texts: { ...e.texts, [field.key]: change(e.texts[field.key] ?? '') } }));
  return (
    <Field label={field.label} requirement={requirementOf(field, person)} hint={field.input?.hint} error={errors[field.key]}>
      {(control) => (
        <input
          {...control}
          type="text"
          value={value.texts[field.key] ?? ''}
          autoComplete={field.input?.autoComplete ?? 'off'}
          inputMode={field.input?.inputMode}
          onChange={(e) => {
            const text = e.target.value;
            set(() => text);
          }}
          onBlur={field.kind === 'kana' ? () => set(normaliseKanaName) : undefined}
        />
      )}
    </Field>
  );
}

/** A part of a person's page: what it shows and the registry keys it types. */
interface PagePart {
  keys: readonly string[];
  node: ReactNode;
}

/**
 * A person's page: its parts in the page's order, and each plain input the registry asks (`input`)
 * right after the part that types the field before it in the registry (first when none does). The
 * applicant's, the child's and the parent's personal steps.
 */
export function PersonParts({ parts: list, ...props }: PersonProps<TextEntry> & { parts: readonly PagePart[] }) {
  const after = new Map<number, FieldDefinition[]>();
  let at = -1;
  for (const field of askedFields(props.person, props.group)) {
    if (field.input && field.rule) after.set(at, [...(after.get(at) ?? []), field]);
    else {
      const index = list.findIndex((part) => part.keys.includes(field.key));
      if (index !== -1) at = index;
    }
  }
  const inputs = (index: number) => after.get(index)?.map((field) => <TextField key={field.key} field={field} {...props} />);
  return (
    <>
      {inputs(-1)}
      {list.map((part, index) => (
        <Fragment key={index}>
          {part.node}
          {inputs(index)}
        </Fragment>
      ))}
    </>
  );
}
