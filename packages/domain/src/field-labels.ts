// The back office's case view in Japanese (issue 24): the applicant's answers come from the field
// registry (fields/registry.ts, fields/display.ts: the very labels and words of the applicant's
// confirmation screen, decision 0206); this module adds what the registry does not hold — the
// words of the eKYC outcome, document types and application types, the address on one line with
// its postal code, and the typed identity beside what the eKYC provider read.

import type { ApplicationType } from './constants.ts';
import { relationshipLabels } from './constants.ts';
import { birthdayText, combinedLabels, confirmationModel } from './fields/display.ts';
import type { DisplaySection, DisplaySectionKey, FieldValues } from './fields/display.ts';
import { formatPostalCode } from './fields/postal-code.ts';
import { fieldsOf } from './fields/registry.ts';

export const applicationTypeLabels = { GENERAL: '一般（18歳以上）', CHILD: '未成年（親権者による代理）' } as const;

export const documentTypeLabels: Readonly<Record<string, string>> = {
  INDIVIDUAL_NUMBER_CARD: 'マイナンバーカード',
  CERTIFICATE_RESIDENCE: '住民票の写し',
  MATERNITY_HANDBOOK: '母子健康手帳',
  CURRENT_ADDRESS_DOCUMENT: '現住所確認書類',
};

export const ekycMethodLabels: Readonly<Record<string, string>> = {
  PHOTO_ID_AND_FACE: '本人確認書類の撮影＋容貌の撮影（ホ方式）',
  JPKI: '公的個人認証（マイナンバーカード）',
  IC_CHIP_AND_FACE: 'ICチップの読取＋容貌の撮影（ヘ方式）',
};

/** The provider's outcome in words (DECISIONS.md §6 statuses). */
export const ekycOutcomeLabels: Readonly<Record<string, string>> = {
  CREATED: '未実施（開始のみ）',
  SUBMITTED: '確認中',
  PASSED: '本人確認済み（書類と容貌が一致）',
  ADDRESS_MISMATCH: '本人確認済み・住所不一致（現住所確認書類で確認）',
  FAILED: '本人確認できず',
  EXPIRED: '期限切れ',
};

/** Labels of the provider-read identity compared with the typed one: the confirmation screen's. */
export const identityLabels = { name: combinedLabels.name, birthday: combinedLabels.birthday, address: combinedLabels.address } as const;

export const relationshipText = (code: string): string => (relationshipLabels as Readonly<Record<string, string>>)[code] ?? code;

/** 〒810-0001, or '' without a postal code. */
export const postalText = (postal: string): string => (postal ? `〒${formatPostalCode(postal.replace(/\D/g, ''))}` : '');

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

/** A field's label in the registry (one source with the confirmation screen). */
const labelOf = (record: 'application' | 'parent', key: string): string => fieldsOf(record).find((f) => f.key === key)?.label ?? key;

/** The section that holds the applicant's own answers, where staff also read the mail address. */
const applicantSection: Readonly<Record<ApplicationType, DisplaySectionKey>> = { GENERAL: 'personal', CHILD: 'child' };

/**
 * The applicant's answers as staff read them: the confirmation screen's sections with their keys (the
 * same labels and words, codes as words), each value on one line, the address with its postal code
 * (the separate postal-code row goes), and the mail address, which staff need and the applicant's
 * confirmation does not show.
 */
export function caseViewSections(
  type: ApplicationType,
  application: FieldValues,
  parent: FieldValues | null,
): { key: DisplaySectionKey; title: string; rows: { label: string; value: string }[] }[] {
  const postalLabel = labelOf('application', 'postalNumber');
  const postal = postalText(typeof application.postalNumber === 'string' ? application.postalNumber : '');
  return confirmationModel(type, application, parent).map((section: DisplaySection) => {
    const rows = section.rows
      .filter((row) => !(row.label === postalLabel && postal !== ''))
      .map((row) => {
        const line = typeof row.value === 'string' ? row.value : row.value.join(' ');
        return { label: row.label, value: row.label === combinedLabels.address && postal ? `${postal} ${line}` : line };
      });
    if (section.key === applicantSection[type]) {
      rows.push({ label: labelOf('application', 'mailAddress'), value: typeof application.mailAddress === 'string' ? application.mailAddress : '' });
    }
    return { key: section.key, title: section.title, rows };
  });
}
