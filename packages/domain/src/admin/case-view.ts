// The back office's case view in Japanese (issue 24): the applicant's answers come from the field
// registry (fields/registry.ts, fields/display.ts: the very labels and words of the applicant's
// confirmation screen, decision 0206); this module adds what the registry does not hold — the
// words of the eKYC outcome, document types and application types, and the address on one line
// with its postal code. The typed identity beside what the eKYC provider read is ekyc-identity.ts.

import type { ApplicationType } from '../constants.ts';
import { relationshipLabels } from '../constants.ts';
import { combinedLabels, confirmationModel } from '../fields/display.ts';
import type { DisplaySection, DisplaySectionKey, FieldValues } from '../fields/display.ts';
import { formatPostalCode } from '../fields/postal-code.ts';
import { fieldsOf } from '../fields/registry.ts';

export const applicationTypeLabels = { GENERAL: '一般（18歳以上）', CHILD: '未成年（親権者による代理）' } as const;

export const documentTypeLabels: Readonly<Record<string, string>> = {
  INDIVIDUAL_NUMBER_CARD: 'マイナンバーカード',
  CERTIFICATE_RESIDENCE: '住民票の写し',
  MATERNITY_HANDBOOK: '母子健康手帳',
  CURRENT_ADDRESS_DOCUMENT: '現住所確認書類',
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

export const relationshipText = (code: string): string => (relationshipLabels as Readonly<Record<string, string>>)[code] ?? code;

/** 〒810-0001, or '' without a postal code. */
export const postalText = (postal: string): string => (postal ? `〒${formatPostalCode(postal.replace(/\D/g, ''))}` : '');

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
