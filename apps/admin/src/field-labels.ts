import { fieldsOf, type FieldRecord } from '@koza/domain/fields/registry';

// Japanese labels of the SPEC.md §3 fields as staff read them: the field registry's, the same as
// the applicant's confirmation screen (decision 0206). The detail screen shows every field the API
// answers; one not in the registry is shown under its own name rather than hidden.

const labelsOf = (record: FieldRecord): Record<string, string> => Object.fromEntries(fieldsOf(record).map((f) => [f.key, f.label]));

export const applicationLabels: Record<string, string> = {
  applicationType: '申込種別',
  bankCode: '銀行コード',
  ...labelsOf('application'),
};

export const parentLabels: Record<string, string> = labelsOf('parent');

export const documentTypeLabels: Record<string, string> = {
  INDIVIDUAL_NUMBER_CARD: 'マイナンバーカード',
  CERTIFICATE_RESIDENCE: '住民票の写し',
  MATERNITY_HANDBOOK: '母子健康手帳',
  CURRENT_ADDRESS_DOCUMENT: '現住所確認書類',
};

export const ekycMethodLabels: Record<string, string> = {
  PHOTO_ID_AND_FACE: '本人確認書類の撮影＋容貌の撮影（ホ方式）',
  JPKI: '公的個人認証（マイナンバーカード）',
};

export const ekycStatusLabels: Record<number, string> = {
  1: '開始',
  2: '確認中',
  4: '確認済（銀行確認待ち）',
  8: '否認',
  9: '期限切れ',
};

export function displayValue(value: string | number | boolean | null): string {
  if (value === null || value === '') return '—';
  if (value === true) return 'あり';
  if (value === false) return 'なし';
  return String(value);
}
