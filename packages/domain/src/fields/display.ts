import type { ApplicationType } from '../constants.ts';
import { japaneseEraYear, parseIsoDate } from '../dates.ts';
import { flows, type PageSlug } from '../flows.ts';
import { formatPostalCode } from './postal-code.ts';
import { fieldRegistry, fieldWords, type CombinedRow, type FieldDefinition, type FieldGroup, type FieldRecord, type FieldRegistry } from './registry.ts';

// The confirmation screen's sections as data, derived from the field registry
// (docs/decisions/0206-one-field-registry.md): the applicant's confirmation screen renders them, and
// the back office shows the same labels and words. A field with a row of its own appears here with
// no change to this file.

/** A row: its label and its value, one string or several lines (an address, part by part). */
export interface DisplayRow {
  label: string;
  value: string | readonly string[];
}

/** A section's name, whatever its place: the back office picks the child's and the parent's by it. */
export type DisplaySectionKey = Exclude<keyof typeof displayText, 'none'>;

export interface DisplaySection {
  key: DisplaySectionKey;
  title: string;
  /** The step the section's 修正する re-enters. */
  slug: PageSlug;
  rows: DisplayRow[];
}

/** Values of one record by field key (the applicant's answer; null or absent for not saved). */
export type FieldValues = Readonly<Record<string, unknown>>;

export const displayText = {
  none: 'なし',
  personal: 'お客さま情報',
  workplace: 'お勤め先',
  branch: 'お取引支店',
  sealLess: '届出印',
  child: 'お子さまの情報',
  parent: '親権者さまの情報',
} as const;

/** Labels of the rows that show several fields together (the back office's case view finds the address row by it). */
export const combinedLabels: Readonly<Record<CombinedRow, string>> = {
  name: 'お名前',
  kanaName: 'お名前（カナ）',
  birthday: '生年月日',
  address: '住所',
  kanaAddress: '住所（カナ）',
  purposes: 'お取引の目的',
  occupation: '職業',
  existingAccount: 'お持ちの口座（店番・口座番号）',
  branch: 'お取引支店',
};

const joined = (...parts: string[]) => parts.filter((p) => p !== '').join('');

/** 2010年（平成22年）6月15日 from YYYY-MM-DD ('' for a date not saved). */
export function birthdayText(birthday: string): string {
  const date = parseIsoDate(birthday);
  if (!date) return '';
  return `${date.year}年（${japaneseEraYear(birthday)}）${date.month}月${date.day}日`;
}

/** The value of a combined row from the text of its fields (`t`, '' for none); null: the row is left out. */
const combinedValue: Readonly<Record<CombinedRow, (t: (key: string) => string) => string | readonly string[] | null>> = {
  name: (t) => `${t('lastName')}\u3000${t('firstName')}`,
  kanaName: (t) => `${t('kanaLastName')} ${t('kanaFirstName')}`,
  birthday: (t) => birthdayText(t('birthday')),
  // The address in its parts, one per line (prefecture, municipality, section, below the street,
  // building), so that the kana in particular can be checked part by part; a temporary address
  // when no postal address was chosen.
  address: (t) =>
    (t('addressCode') !== ''
      ? [t('addressPrefecture'), t('addressMunicipality'), joined(t('addressSection'), t('addressChome')), t('address'), t('subAddress')]
      : [t('tempAddressPrefecture'), t('tempAddress')]
    ).filter((p) => p !== ''),
  kanaAddress: (t) =>
    (t('addressCode') !== ''
      ? [
          t('kanaAddressPrefecture'),
          t('kanaAddressMunicipality'),
          joined(t('kanaAddressSection'), t('kanaAddressChome')),
          t('kanaAddress'),
          t('kanaSubAddress'),
        ]
      : [t('kanaTempAddress')]
    ).filter((p) => p !== ''),
  purposes: (t) => {
    const purposes = t('utilizationPurpose').split(',').filter(Boolean).join('、');
    return t('utilizationPurposeOther') ? `${purposes}（${t('utilizationPurposeOther')}）` : purposes;
  },
  occupation: (t) => (t('occupationOther') ? `${t('occupationName')}（${t('occupationOther')}）` : t('occupationName')),
  existingAccount: (t) => (t('existedAccountBranchCode') ? `${t('existedAccountBranchCode')}-${t('existedAccountNumber')}` : null),
  branch: (t) => (t('branchName') ? `${t('branchName')}（${t('branchCode')}）` : ''),
};

/** A field's own row value, or null when the row is left out. */
function ownValue(field: FieldDefinition, value: unknown): string | null {
  const show = field.confirmation && 'own' in field.confirmation ? field.confirmation.own : null;
  const words = field.kind === 'postalCode' && typeof value === 'string' && value !== '' ? `〒${formatPostalCode(value)}` : fieldWords(field, value);
  if (words !== '' || show === 'always') return words;
  return show === 'noneWhenEmpty' ? displayText.none : null;
}

/** The confirmation rows of a record's fields of the given groups in a flow: group by group, each in registry order. */
export function displayRows(
  record: FieldRecord,
  groups: readonly FieldGroup[],
  type: ApplicationType,
  values: FieldValues,
  registry: FieldRegistry = fieldRegistry,
): DisplayRow[] {
  // Group by group in the section's order, each in registry order.
  const fields = groups.flatMap((group) => registry.filter((f) => f.record === record && f.group === group && f.flows.includes(type) && f.confirmation));
  const t = (key: string) => {
    const v = values[key];
    return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
  };
  const rows: (DisplayRow & { after?: CombinedRow; combined?: CombinedRow })[] = [];
  const done = new Set<CombinedRow>();
  for (const field of fields) {
    const show = field.confirmation as NonNullable<FieldDefinition['confirmation']>;
    if ('row' in show) {
      if (done.has(show.row)) continue;
      done.add(show.row);
      const value = combinedValue[show.row](t);
      if (value !== null) rows.push({ label: combinedLabels[show.row], value, combined: show.row });
      continue;
    }
    const value = ownValue(field, values[field.key]);
    if (value !== null) rows.push({ label: field.label, value, after: show.next });
  }
  // Rows that belong after a combined row (the workplace after its occupation) move there, in order.
  const out: DisplayRow[] = [];
  for (const row of rows.filter((r) => !r.after || !rows.some((c) => c.combined === r.after))) {
    out.push({ label: row.label, value: row.value });
    if (row.combined) for (const r of rows.filter((x) => x.after === row.combined)) out.push({ label: r.label, value: r.value });
  }
  return out;
}

/**
 * The confirmation screen's sections of each flow: which groups each shows, and where 修正する leads
 * (the title is the key's words). Shown in the order of their pages in the flow (flows.ts), so a
 * reordered flow reorders its confirmation.
 */
const sectionsOf: Readonly<Record<ApplicationType, readonly { key: DisplaySectionKey; slug: PageSlug; record: FieldRecord; groups: readonly FieldGroup[] }[]>> =
  {
    GENERAL: [
      { key: 'personal', slug: 'personal', record: 'application', groups: ['applicant'] },
      { key: 'workplace', slug: 'workplace', record: 'application', groups: ['workplace'] },
      { key: 'branch', slug: 'branch', record: 'application', groups: ['branch'] },
      { key: 'sealLess', slug: 'seal-less', record: 'application', groups: ['sealLess'] },
    ],
    CHILD: [
      { key: 'child', slug: 'child-personal', record: 'application', groups: ['applicant', 'workplace'] },
      { key: 'parent', slug: 'child-parent', record: 'parent', groups: ['parent'] },
      { key: 'branch', slug: 'child-branch', record: 'application', groups: ['branch'] },
    ],
  };

/** A flow's sections in the order of their pages. */
const sectionsInFlowOrder = (type: ApplicationType) => {
  const { sequence } = flows[type];
  return [...sectionsOf[type]].sort((a, b) => sequence.indexOf(a.slug) - sequence.indexOf(b.slug));
};

/** The confirmation screen of a flow: its sections with their rows (the parent's values for a child application). */
export function confirmationModel(
  type: ApplicationType,
  application: FieldValues,
  parent: FieldValues | null,
  registry: FieldRegistry = fieldRegistry,
): DisplaySection[] {
  return sectionsInFlowOrder(type).map(({ key, slug, record, groups }) => ({
    key,
    title: displayText[key],
    slug,
    rows: displayRows(record, groups, type, (record === 'parent' ? parent : application) ?? {}, registry),
  }));
}

/** The back office's detail of a record: every field with its label and words, in registry order. */
export function staffDetailModel(
  record: FieldRecord,
  values: FieldValues,
  registry: FieldRegistry = fieldRegistry,
): { key: string; label: string; value: string }[] {
  return registry
    .filter((f) => f.record === record && f.key in values)
    .map((f) => ({
      key: f.key,
      label: f.label,
      value: fieldWords(f, values[f.key]),
    }));
}
