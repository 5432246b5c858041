// The identity the bank sends the eKYC provider (the applicant's or, for a child, the parent's) and
// its comparison with what the provider read, field by field: the back office's case view shows it,
// the verification record keeps it.

import { birthdayText, combinedLabels } from './fields/display.ts';

/** Labels of the provider-read identity compared with the typed one: the confirmation screen's. */
export const identityLabels = { name: combinedLabels.name, birthday: combinedLabels.birthday, address: combinedLabels.address } as const;

type Values = Readonly<Record<string, string | number | boolean | null | undefined>>;
const text = (values: Values, key: string): string => {
  const v = values[key];
  return v === null || v === undefined ? '' : String(v);
};

/**
 * The identity the bank sends the eKYC provider and compares with what the provider read: the
 * person's name (family and given name with a full-width space), birthday, and the address (of the
 * application: a child lives with the parent who is checked).
 */
export function typedIdentity(person: Values, addressOf: Values): { name: string; birthday: string; address: string } {
  const name = [text(person, 'lastName'), text(person, 'firstName')].filter(Boolean).join('\u3000');
  const searched = ['addressPrefecture', 'addressMunicipality', 'addressSection', 'addressChome', 'address'].map((k) => text(addressOf, k)).join('');
  const sub = text(addressOf, 'subAddress');
  const address = text(addressOf, 'addressPrefecture')
    ? `${searched}${sub ? `\u3000${sub}` : ''}`
    : `${text(addressOf, 'tempAddressPrefecture')}${text(addressOf, 'tempAddress')}`;
  return { name, birthday: text(person, 'birthday'), address };
}

/** Same text apart from spaces (half- or full-width) and the width of digits and letters. */
const comparable = (s: string) => s.normalize('NFKC').replace(/\s/g, '');

export interface IdentityComparison {
  field: keyof typeof identityLabels;
  label: string;
  typed: string;
  read: string;
  same: boolean;
}

/** The typed identity beside the provider's read data, field by field, with differences marked. */
export function compareIdentity(
  typed: { name: string; birthday: string; address: string },
  read: { name: string; birthday: string; address: string },
): IdentityComparison[] {
  return (Object.keys(identityLabels) as (keyof typeof identityLabels)[]).map((field) => ({
    field,
    label: identityLabels[field],
    typed: field === 'birthday' ? birthdayText(typed.birthday) : typed[field],
    read: field === 'birthday' ? birthdayText(read.birthday) || read.birthday : read[field],
    same: comparable(typed[field]) === comparable(read[field]),
  }));
}
