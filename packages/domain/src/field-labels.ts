// The one place that says, in Japanese, what each application field is called and how its value
// reads: the applicant's confirmation screen (apps/web confirmation-sections.tsx) and the back
// office's case view (apps/admin) both take their labels and value texts from here (issue 24). The
// field registry the integrator is building folds this module in; keep every label here.

import { genderLabels, proxyReasonLabels, relationshipLabels } from './constants.ts';
import { japaneseEraYear, parseIsoDate } from './dates.ts';
import { formatPostalCode } from './fields/postal-code.ts';

/** Labels of the answers, as the applicant's confirmation screen shows them. */
export const fieldLabels = {
  name: 'お名前',
  kanaName: 'お名前（カナ）',
  birthday: '生年月日',
  gender: '性別',
  mobile: '携帯電話番号',
  home: '自宅電話番号',
  postal: '郵便番号',
  address: '住所',
  kanaAddress: '住所（カナ）',
  purposes: 'お取引の目的',
  distanceReason: '遠隔地でのお取引の理由',
  occupation: '職業',
  workplaceName: '勤務先名',
  workplacePhone: '勤務先電話番号',
  workplaceCode: '勤務先コード',
  invitationCode: '紹介コード',
  existingAccount: 'お持ちの口座（店番・口座番号）',
  relationship: 'お子さまとの続柄',
  proxyReason: '代理でのお申込みの理由',
  branch: 'お取引支店',
  sealLess: '届出印',
  // Fields the confirmation screen does not show but the bank's staff read.
  mailAddress: 'メールアドレス',
  applicationType: '申込種別',
} as const;

/** Texts of values that are not the applicant's own words. */
export const valueTexts = {
  none: 'なし',
  sealLessYes: '印鑑を届け出ない（印鑑レス口座）',
  sealLessNo: '印鑑を届け出る',
} as const;

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

/** Labels of the provider-read identity compared with the typed one. */
export const identityLabels = { name: 'お名前', birthday: '生年月日', address: '住所' } as const;

const labelOf = (labels: Readonly<Record<string, string>>, value: string): string => labels[value] ?? value;
export const genderText = (code: string) => labelOf(genderLabels, code);
export const relationshipText = (code: string) => labelOf(relationshipLabels, code);
export const proxyReasonText = (code: string) => labelOf(proxyReasonLabels, code);

/** 2010年（平成22年）6月15日 from YYYY-MM-DD and the era year text (computed when not given); '' for no date. */
export function birthdayText(birthday: string, era?: string): string {
  const date = parseIsoDate(birthday);
  if (!date) return '';
  const eraText = era ?? japaneseEraYear(birthday);
  return `${date.year}年${eraText ? `（${eraText}）` : ''}${date.month}月${date.day}日`;
}

/** 〒810-0001, or '' without a postal code. */
export const postalText = (postal: string): string => (postal ? `〒${formatPostalCode(postal.replace(/\D/g, ''))}` : '');

type Values = Readonly<Record<string, string | number | boolean | null | undefined>>;
const text = (values: Values, key: string): string => {
  const v = values[key];
  return v === null || v === undefined ? '' : String(v);
};

/** The address as typed, in its parts (searched town + house number + building, or the temporary address). */
export function addressParts(values: Values): string[] {
  const t = (key: string) => text(values, key);
  const parts = t('addressCode')
    ? [t('addressPrefecture'), t('addressMunicipality'), `${t('addressSection')}${t('addressChome')}`, t('address'), t('subAddress')]
    : [t('tempAddressPrefecture'), t('tempAddress')];
  return parts.filter((p) => p !== '');
}

/** The address on one line with its postal code: 〒810-0001 福岡県福岡市中央区天神1丁目 1-1 ○○ビル101. */
export function addressLine(values: Values): string {
  const t = (key: string) => text(values, key);
  const parts = addressParts(values);
  const street = t('addressCode') ? [parts.slice(0, 3).join(''), ...parts.slice(3)] : [parts.join('')];
  return [postalText(t('postalNumber')), ...street].filter(Boolean).join(' ');
}

/** The kana address on one line. */
export function kanaAddressLine(values: Values): string {
  const t = (key: string) => text(values, key);
  const parts = t('addressCode')
    ? [`${t('kanaAddressPrefecture')}${t('kanaAddressMunicipality')}${t('kanaAddressSection')}${t('kanaAddressChome')}`, t('kanaAddress'), t('kanaSubAddress')]
    : [t('kanaTempAddress')];
  return parts.filter(Boolean).join(' ');
}

/**
 * The identity the bank sends the eKYC provider and compares with what the provider read: the
 * person's name (family and given name with a full-width space), birthday, and the address (of the
 * application: a child lives with the parent who is checked).
 */
export function typedIdentity(person: Values, addressOf: Values): { name: string; birthday: string; address: string } {
  const name = [text(person, 'lastName'), text(person, 'firstName')].filter(Boolean).join('\u3000');
  const searched = ['addressPrefecture', 'addressMunicipality', 'addressSection', 'addressChome', 'address'].map((k) => text(addressOf, k)).join('');
  const sub = text(addressOf, 'subAddress');
  const address = text(addressOf, 'addressPrefecture') ? `${searched}${sub ? `\u3000${sub}` : ''}` : `${text(addressOf, 'tempAddressPrefecture')}${text(addressOf, 'tempAddress')}`;
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
export function compareIdentity(typed: { name: string; birthday: string; address: string }, read: { name: string; birthday: string; address: string }): IdentityComparison[] {
  return (Object.keys(identityLabels) as (keyof typeof identityLabels)[]).map((field) => ({
    field,
    label: identityLabels[field],
    typed: field === 'birthday' ? birthdayText(typed.birthday) : typed[field],
    read: field === 'birthday' ? birthdayText(read.birthday) || read.birthday : read[field],
    same: comparable(typed[field]) === comparable(read[field]),
  }));
}

export type AnswerRow = readonly [label: string, value: string];

/** Occupation (with その他's text), then the workplace or school when one was entered. */
function occupationRows(values: Values): AnswerRow[] {
  const t = (key: string) => text(values, key);
  const rows: AnswerRow[] = [[fieldLabels.occupation, t('occupationOther') ? `${t('occupationName')}（${t('occupationOther')}）` : t('occupationName')]];
  if (t('workplaceName')) rows.push([fieldLabels.workplaceName, t('workplaceName')]);
  if (t('workplacePhoneNumber')) rows.push([fieldLabels.workplacePhone, t('workplacePhoneNumber')]);
  return rows;
}

/** The applicant's (or child's) answers as staff read them: the confirmation screen's labels, codes as words. */
export function applicantAnswerRows(values: Values): AnswerRow[] {
  const t = (key: string) => text(values, key);
  const purposes = t('utilizationPurpose').split(',').filter(Boolean).join('、');
  const rows: AnswerRow[] = [
    [fieldLabels.applicationType, t('applicationType') === 'CHILD' ? applicationTypeLabels.CHILD : applicationTypeLabels.GENERAL],
    [fieldLabels.name, `${t('lastName')}\u3000${t('firstName')}`],
    [fieldLabels.kanaName, `${t('kanaLastName')} ${t('kanaFirstName')}`],
    [fieldLabels.birthday, birthdayText(t('birthday'))],
    [fieldLabels.gender, genderText(t('gender'))],
    [fieldLabels.mailAddress, t('mailAddress')],
    [fieldLabels.mobile, t('mobilePhoneNumber')],
    [fieldLabels.home, t('phoneNumber') || valueTexts.none],
    [fieldLabels.address, addressLine(values)],
    [fieldLabels.kanaAddress, kanaAddressLine(values)],
    [fieldLabels.purposes, t('utilizationPurposeOther') ? `${purposes}（${t('utilizationPurposeOther')}）` : purposes],
  ];
  if (t('distanceTransactionReason')) rows.push([fieldLabels.distanceReason, t('distanceTransactionReason')]);
  rows.push(...occupationRows(values));
  if (t('applicationType') !== 'CHILD') rows.push([fieldLabels.workplaceCode, t('workplaceCode') || valueTexts.none]);
  rows.push([fieldLabels.invitationCode, t('invitationCode') || valueTexts.none]);
  if (t('existedAccountBranchCode')) rows.push([fieldLabels.existingAccount, `${t('existedAccountBranchCode')}-${t('existedAccountNumber')}`]);
  rows.push([fieldLabels.branch, t('branchName') ? `${t('branchName')}（${t('branchCode')}）` : '']);
  if (t('applicationType') !== 'CHILD') rows.push([fieldLabels.sealLess, values.sealLess === false ? valueTexts.sealLessNo : valueTexts.sealLessYes]);
  return rows;
}

/** The parent of a child application, with the relationship to the child. */
export function parentAnswerRows(values: Values): AnswerRow[] {
  const t = (key: string) => text(values, key);
  return [
    [fieldLabels.name, `${t('lastName')}\u3000${t('firstName')}`],
    [fieldLabels.kanaName, `${t('kanaLastName')} ${t('kanaFirstName')}`],
    [fieldLabels.birthday, birthdayText(t('birthday'))],
    [fieldLabels.relationship, relationshipText(t('relationship'))],
    [fieldLabels.mobile, t('mobilePhoneNumber')],
    [fieldLabels.home, t('phoneNumber') || valueTexts.none],
    [fieldLabels.proxyReason, proxyReasonText(t('proxyApplicationReason'))],
    ...occupationRows(values),
  ];
}
