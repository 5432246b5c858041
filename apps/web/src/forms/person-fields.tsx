import { Fragment, type ReactNode } from 'react';
import { normaliseKanaName } from '@koza/domain/fields/kana-name';
import { joinPhoneParts, normalisePhone } from '@koza/domain/fields/phone';
import {
  askedFields,
  ruleOf,
  type FieldDefinition,
  type FieldGroup as RegistryGroup,
  type InputKey,
  type Person,
  type PhoneKey,
} from '@koza/domain/fields/registry';
import { Field, FieldGroup, type GroupControlProps, type Requirement } from '../components/field.tsx';
import { PhoneField, splitPhone, type PhoneParts } from '../components/phone-field.tsx';
import parts from '../components/parts.module.css';

// The fields of a person's page the field registry declares (decision 0251): the name, the phones and
// every plain input, with their form values, saved values and payload, the same for the applicant,
// the child and the parent. UI wording of a person's name here; field messages come from messages.ts,
// the other labels from the field registry.
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

/** The name's parts (the NameFields' inputs), by their registry keys. */
export const nameKeys = ['lastName', 'firstName', 'kanaLastName', 'kanaFirstName'] as const satisfies readonly (keyof NameEntry)[];

/** The phones of a person's form, each in its three inputs, by the registry key it is saved under. */
export interface PhoneEntry<K extends string = string> {
  phones: Record<K, PhoneParts>;
}

/** The plain inputs of a person's form (registry `input`), by the registry key each is saved under. */
export interface TextEntry<K extends string = string> {
  texts: Record<K, string>;
}

/** Required when the field's rule refuses an empty value, else optional (the badge of its label). */
const requirementOf = (field: FieldDefinition, person: Person): Requirement =>
  ruleOf(field, { person, today: new Date() })?.safeParse(null).success === false ? 'required' : 'optional';

/**
 * The fields of a page typed here: those with a rule in the registry (the occupation section's, with
 * rules of their own, are not: the parent's workplace phone is its).
 */
const typedHere = (person: Person, group: RegistryGroup) => askedFields(person, group).filter((f) => f.rule);
const phoneFields = (person: Person, group: RegistryGroup) => typedHere(person, group).filter((f) => f.kind === 'mobile' || f.kind === 'phone');

/** The phones a page of a group asks a person, in registry order (the order shown). */
export const askedPhones = <P extends Person, G extends RegistryGroup>(person: P, group: G) =>
  phoneFields(person, group).map((f) => ({ key: f.key as PhoneKey<P, G>, requirement: requirementOf(f, person) }));

const askedTexts = (person: Person, group: RegistryGroup) => typedHere(person, group).filter((f) => f.input);

/** A person's form values that the registry derives: the name, the phones and the plain inputs. */
export type PersonEntry<P extends Person, G extends RegistryGroup> = NameEntry & PhoneEntry<PhoneKey<P, G>> & TextEntry<InputKey<P, G>>;

const nameEntry = (value: (key: keyof NameEntry) => string): NameEntry => ({
  lastName: value('lastName'),
  firstName: value('firstName'),
  kanaLastName: value('kanaLastName'),
  kanaFirstName: value('kanaFirstName'),
});

/** A person's name, phones and plain inputs, empty. */
export const emptyPersonEntry = <P extends Person, G extends RegistryGroup>(person: P, group: G): PersonEntry<P, G> => ({
  ...nameEntry(() => ''),
  phones: Object.fromEntries(askedPhones(person, group).map((p) => [p.key, ['', '', '']])) as Record<PhoneKey<P, G>, PhoneParts>,
  texts: Object.fromEntries(askedTexts(person, group).map((f) => [f.key, ''])) as Record<InputKey<P, G>, string>,
});

/**
 * A saved person's name, phones and plain inputs, read with the saved record's text getter ('' for
 * null): a field typed here must be in the applicant's answer (registry `view`).
 */
export const personEntryFrom = <P extends Person, G extends RegistryGroup>(
  person: P,
  group: G,
  text: (key: keyof NameEntry | PhoneKey<P, G> | InputKey<P, G>) => string,
): PersonEntry<P, G> => ({
  ...nameEntry(text),
  phones: Object.fromEntries(askedPhones(person, group).map((p) => [p.key, splitPhone(text(p.key))])) as Record<PhoneKey<P, G>, PhoneParts>,
  texts: Object.fromEntries(askedTexts(person, group).map((f) => [f.key, text(f.key as InputKey<P, G>)])) as Record<InputKey<P, G>, string>,
});

/** The name, phones (each joined by hyphens, '' when empty) and plain inputs as the payload carries them. */
export const personEntryPayload = (entry: NameEntry & PhoneEntry & TextEntry): Record<string, string> => ({
  ...nameEntry((key) => entry[key]),
  ...Object.fromEntries(Object.entries(entry.phones).map(([key, phone]) => [key, joinPhoneParts(phone)])),
  ...entry.texts,
});

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
