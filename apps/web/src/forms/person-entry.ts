import { joinPhoneParts } from '@koza/domain/fields/phone';
import { askedFields, ruleOf, type FieldDefinition, type FieldGroup, type InputKey, type Person, type PhoneKey } from '@koza/domain/fields/registry';
import type { Requirement } from '../components/field.tsx';
import { splitPhone, type PhoneParts } from '../components/phone-field.tsx';

// What the field registry asks of a person on a page (decision 0251), as a form holds it: the name,
// the phones and every plain input, with their empty values, saved values and payload, the same for
// the applicant, the child and the parent. Their inputs: ./person-fields.tsx.

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
export const requirementOf = (field: FieldDefinition, person: Person): Requirement =>
  ruleOf(field, { person, today: new Date() })?.safeParse(null).success === false ? 'required' : 'optional';

/**
 * The fields of a page typed here: those with a rule in the registry (the occupation section's, with
 * rules of their own, are not: the parent's workplace phone is its).
 */
const typedHere = (person: Person, group: FieldGroup) => askedFields(person, group).filter((f) => f.rule);
export const phoneFields = (person: Person, group: FieldGroup) => typedHere(person, group).filter((f) => f.kind === 'mobile' || f.kind === 'phone');

/** The phones a page of a group asks a person, in registry order (the order shown). */
export const askedPhones = <P extends Person, G extends FieldGroup>(person: P, group: G) =>
  phoneFields(person, group).map((f) => ({ key: f.key as PhoneKey<P, G>, requirement: requirementOf(f, person) }));

const askedTexts = (person: Person, group: FieldGroup) => typedHere(person, group).filter((f) => f.input);

/** A person's form values that the registry derives: the name, the phones and the plain inputs. */
export type PersonEntry<P extends Person, G extends FieldGroup> = NameEntry & PhoneEntry<PhoneKey<P, G>> & TextEntry<InputKey<P, G>>;

const nameEntry = (value: (key: keyof NameEntry) => string): NameEntry => ({
  lastName: value('lastName'),
  firstName: value('firstName'),
  kanaLastName: value('kanaLastName'),
  kanaFirstName: value('kanaFirstName'),
});

/** A person's name, phones and plain inputs, empty. */
export const emptyPersonEntry = <P extends Person, G extends FieldGroup>(person: P, group: G): PersonEntry<P, G> => ({
  ...nameEntry(() => ''),
  phones: Object.fromEntries(askedPhones(person, group).map((p) => [p.key, ['', '', '']])) as Record<PhoneKey<P, G>, PhoneParts>,
  texts: Object.fromEntries(askedTexts(person, group).map((f) => [f.key, ''])) as Record<InputKey<P, G>, string>,
});

/**
 * A saved person's name, phones and plain inputs, read with the saved record's text getter ('' for
 * null): a field typed here must be in the applicant's answer (registry `view`).
 */
export const personEntryFrom = <P extends Person, G extends FieldGroup>(
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
