import type { Bank } from '@koza/domain/banks/banks';
import { joinPurposes } from '@koza/domain/fields/purposes';
import { addressMode } from '@koza/domain/steps/personal';
import type { SavedApplication } from '../api/application.ts';
import { savedText } from '../api/application.ts';
import type { AddressEntry, ChosenAddress } from './address-section.tsx';
import { birthdayOf, birthdayParts, type BirthdayParts } from './birthday-select.tsx';
import { emptyPhones, nameEntryOf, phonesFrom, phonesPayload, type PhoneEntry, type PhoneInput } from './person-fields.tsx';

/**
 * The phones of the personal step (both flows), in the order the screen shows them: a phone of the
 * field registry's applicant group is asked by adding it here (its rules are the domain's
 * steps/personal.ts, its label the registry's).
 */
export const personalPhones = [
  { key: 'mobilePhoneNumber', requirement: 'required' },
  { key: 'phoneNumber', requirement: 'optional' },
] as const satisfies readonly PhoneInput<'application'>[];

type PersonalPhoneKey = (typeof personalPhones)[number]['key'];

export interface PersonalForm extends BirthdayParts, AddressEntry, PhoneEntry<PersonalPhoneKey> {
  lastName: string;
  firstName: string;
  kanaLastName: string;
  kanaFirstName: string;
  gender: string;
  purposes: string[];
  purposeOther: string;
  distanceReason: string;
}

export const emptyPersonalForm = (bank: Bank): PersonalForm => ({
  lastName: '',
  firstName: '',
  kanaLastName: '',
  kanaFirstName: '',
  birthYear: '',
  birthMonth: '',
  birthDay: '',
  gender: '',
  ...emptyPhones(personalPhones),
  postal: '',
  chosen: null,
  temporary: false,
  address: '',
  subAddress: '',
  kanaAddress: '',
  kanaSubAddress: '',
  tempAddressPrefecture: bank.defaultTempAddressPrefecture,
  tempAddress: '',
  kanaTempAddress: '',
  purposes: [],
  purposeOther: '',
  distanceReason: '',
});

/** The form as the saved application fills it (Back, a reload or a resumed application). */
export function personalFormFrom(application: SavedApplication, bank: Bank): PersonalForm {
  const t = (key: keyof SavedApplication) => savedText(application, key);
  const mode = addressMode({
    addressCode: t('addressCode'),
    tempAddressPrefecture: t('tempAddressPrefecture'),
    tempAddress: t('tempAddress'),
  });
  const chosen: ChosenAddress | null =
    mode === 'SEARCHED'
      ? {
          addressCode: t('addressCode'),
          prefecture: t('addressPrefecture'),
          municipality: t('addressMunicipality'),
          section: t('addressSection'),
          chome: t('addressChome'),
          kanaPrefecture: t('kanaAddressPrefecture'),
          kanaMunicipality: t('kanaAddressMunicipality'),
          kanaSection: t('kanaAddressSection'),
          kanaChome: t('kanaAddressChome'),
          addressFull: `${t('addressPrefecture')}${t('addressMunicipality')}${t('addressSection')}${t('addressChome')}`,
        }
      : null;
  const empty = emptyPersonalForm(bank);
  return {
    ...empty,
    ...nameEntryOf(t),
    ...birthdayParts(t('birthday')),
    gender: t('gender'),
    ...phonesFrom(personalPhones, t),
    postal: t('postalNumber'),
    chosen,
    temporary: mode === 'TEMPORARY',
    address: t('address'),
    subAddress: t('subAddress'),
    kanaAddress: t('kanaAddress'),
    kanaSubAddress: t('kanaSubAddress'),
    tempAddressPrefecture: t('tempAddressPrefecture') || empty.tempAddressPrefecture,
    tempAddress: t('tempAddress'),
    kanaTempAddress: t('kanaTempAddress'),
    purposes: t('utilizationPurpose') === '' ? [] : t('utilizationPurpose').split(','),
    purposeOther: t('utilizationPurposeOther'),
    distanceReason: t('distanceTransactionReason'),
  };
}

/** The prefecture the applicant lives in as far as the form knows (for the distance reason). */
export function residenceOf(form: PersonalForm): string {
  if (form.chosen) return form.chosen.prefecture;
  if (form.temporary) return form.tempAddressPrefecture;
  return '';
}

/** The payload of POST /api/applications/personal, before the domain schema normalises it. */
export function personalPayload(form: PersonalForm): Record<string, unknown> {
  const chosen = form.chosen;
  const searched = chosen !== null;
  const temp = !searched && form.temporary;
  return {
    lastName: form.lastName,
    firstName: form.firstName,
    kanaLastName: form.kanaLastName,
    kanaFirstName: form.kanaFirstName,
    gender: form.gender || null,
    birthday: birthdayOf(form) || null,
    ...phonesPayload(personalPhones, form),
    postalNumber: form.postal,
    addressCode: chosen?.addressCode ?? null,
    addressPrefecture: chosen?.prefecture ?? null,
    addressMunicipality: chosen?.municipality ?? null,
    addressSection: chosen?.section ?? null,
    addressChome: chosen?.chome ?? null,
    kanaAddressPrefecture: chosen?.kanaPrefecture ?? null,
    kanaAddressMunicipality: chosen?.kanaMunicipality ?? null,
    kanaAddressSection: chosen?.kanaSection ?? null,
    kanaAddressChome: chosen?.kanaChome ?? null,
    address: searched ? form.address : null,
    subAddress: searched ? form.subAddress : null,
    kanaAddress: searched ? form.kanaAddress : null,
    kanaSubAddress: searched ? form.kanaSubAddress : null,
    tempAddressPrefecture: temp ? form.tempAddressPrefecture : null,
    tempAddress: temp ? form.tempAddress : null,
    kanaTempAddress: temp ? form.kanaTempAddress : null,
    utilizationPurpose: form.purposes,
    utilizationPurposeOther: form.purposeOther,
    distanceTransactionReason: form.distanceReason,
  };
}

/**
 * The body of POST /api/applications/personal from the checked personal data (both flows): the
 * bank's code, and the purposes as the chosen labels joined by ',' in the bank's documented order
 * (SPEC.md §3: the purposes comma-joined, DECISIONS.md §7).
 */
export function personalSaveBody<T extends { utilizationPurpose: readonly string[] }>(
  bank: Bank,
  checked: T,
): Omit<T, 'utilizationPurpose'> & { bankCode: string; utilizationPurpose: string } {
  return { ...checked, bankCode: bank.code, utilizationPurpose: joinPurposes(bank.purposeChoices, checked.utilizationPurpose) };
}
