import type { Bank } from '@koza/domain/banks/banks';
import type { ApplicationType } from '@koza/domain/constants';
import { joinPurposes } from '@koza/domain/fields/purposes';
import { addressMode, personalPerson } from '@koza/domain/steps/personal';
import type { SavedApplication } from '../api/application.ts';
import { savedText } from '../api/application.ts';
import type { AddressEntry, ChosenAddress } from './address-section.tsx';
import { birthdayOf, birthdayParts, type BirthdayParts } from './birthday-select.tsx';
import { askedPhones, emptyPersonEntry, personEntryFrom, personEntryPayload, type PersonEntry } from './person-entry.ts';

/** The phones of the general flow's personal step, as the field registry asks them (its applicant group). */
export const personalPhones = askedPhones('applicant', 'applicant');

/**
 * The personal step's form (both flows): the name, phones and plain inputs the field registry asks of
 * the person (./person-entry.ts), the birthday, gender, address and purposes.
 */
export interface PersonalForm extends BirthdayParts, AddressEntry, PersonEntry<'applicant' | 'child', 'applicant'> {
  gender: string;
  purposes: string[];
  purposeOther: string;
  distanceReason: string;
}

/** An empty form of a flow (the general one by default). */
export const emptyPersonalForm = (bank: Bank, type: ApplicationType = 'GENERAL'): PersonalForm => ({
  ...emptyPersonEntry(personalPerson(type), 'applicant'),
  birthYear: '',
  birthMonth: '',
  birthDay: '',
  gender: '',
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
  const empty = emptyPersonalForm(bank, application.applicationType);
  return {
    ...empty,
    ...personEntryFrom(personalPerson(application.applicationType), 'applicant', t),
    ...birthdayParts(t('birthday')),
    gender: t('gender'),
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
    ...personEntryPayload(form),
    gender: form.gender || null,
    birthday: birthdayOf(form) || null,
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
