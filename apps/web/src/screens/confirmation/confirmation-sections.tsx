import type { ReactNode } from 'react';
import type { ApplicationParentView } from '@koza/domain/api/application';
import { genderLabels, proxyReasonLabels, relationshipLabels } from '@koza/domain/constants';
import { japaneseEraYear, parseIsoDate } from '@koza/domain/dates';
import { formatPostalCode } from '@koza/domain/fields/postal-code';
import type { PageSlug } from '@koza/domain/flows';
import { savedText, type SavedApplication } from '../../api/application.ts';
import styles from './confirmation-screen.module.css';

export const confirmationText = {
  lead: '入力内容をご確認ください。修正する場合は各項目の「修正する」を押してください。',
  edit: '修正する',
  personal: 'お客さま情報',
  workplace: 'お勤め先',
  branch: 'お取引支店',
  sealLess: '届出印',
  child: 'お子さまの情報',
  parent: '親権者さまの情報',
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
  none: 'なし',
  sealLessYes: '印鑑を届け出ない（印鑑レス口座）',
  sealLessNo: '印鑑を届け出る',
  addressCheckTitle: '住所のご確認',
  addressCheck:
    '上記の住所が、本人確認書類（運転免許証・マイナンバーカード等）に記載の住所と一致していることをご確認ください。一致していない場合、お申込みをお受けできません。',
  childAddressCheck:
    'お子さまの住所が、住民票の写し・母子健康手帳等に記載の住所と一致していることをご確認ください。一致していない場合、お申込みをお受けできません。',
} as const;

type Row = [label: string, value: ReactNode];
export interface ConfirmationSection {
  title: string;
  /** The step the section's 修正する re-enters. */
  slug: PageSlug;
  rows: Row[];
}

const join = (...parts: string[]) => parts.filter((p) => p !== '').join('');
const labelOf = <K extends string>(labels: Record<K, string>, value: string): string => (value in labels ? labels[value as K] : '');

/** 2010年（平成22年）6月15日 from YYYY-MM-DD and the era year text ('' for a date not saved). */
function birthdayText(birthday: string, era: string): string {
  const date = parseIsoDate(birthday);
  if (!date) return '';
  return `${date.year}年${era ? `（${era}）` : ''}${date.month}月${date.day}日`;
}

function AddressParts({ parts }: { parts: string[] }) {
  return (
    <>
      {parts
        .filter((part) => part !== '')
        .map((part, i) => (
          <span key={i} className={styles.addressPart}>
            {part}
          </span>
        ))}
    </>
  );
}

/** Occupation (with その他's text), then the workplace or school when one was entered. */
function occupationRows(occupationName: string, other: string, workplaceName: string, workplacePhone: string): Row[] {
  const rows: Row[] = [[confirmationText.occupation, other ? `${occupationName}（${other}）` : occupationName]];
  if (workplaceName) rows.push([confirmationText.workplaceName, workplaceName]);
  if (workplacePhone) rows.push([confirmationText.workplacePhone, workplacePhone]);
  return rows;
}

/** The personal data of the applicant (general) or the child: SPEC.md §3 Application. */
function personalRows(a: SavedApplication): Row[] {
  const t = (key: keyof SavedApplication) => savedText(a, key);
  const searched = t('addressCode') !== '';
  // The address in its parts, one per line (prefecture, municipality, section, below the street,
  // building), so that the kana in particular can be checked part by part.
  const address = searched
    ? [t('addressPrefecture'), t('addressMunicipality'), join(t('addressSection'), t('addressChome')), t('address'), t('subAddress')]
    : [t('tempAddressPrefecture'), t('tempAddress')];
  const kanaAddress = searched
    ? [t('kanaAddressPrefecture'), t('kanaAddressMunicipality'), join(t('kanaAddressSection'), t('kanaAddressChome')), t('kanaAddress'), t('kanaSubAddress')]
    : [t('kanaTempAddress')];
  const purposes = t('utilizationPurpose').split(',').filter(Boolean).join('、');
  const other = t('utilizationPurposeOther');
  const rows: Row[] = [
    [confirmationText.name, `${t('lastName')}\u3000${t('firstName')}`],
    [confirmationText.kanaName, `${t('kanaLastName')} ${t('kanaFirstName')}`],
    [confirmationText.birthday, birthdayText(t('birthday'), t('eraBirthday'))],
    [confirmationText.gender, labelOf(genderLabels, t('gender'))],
    [confirmationText.mobile, t('mobilePhoneNumber')],
    [confirmationText.home, t('phoneNumber') || confirmationText.none],
    [confirmationText.postal, t('postalNumber') ? `〒${formatPostalCode(t('postalNumber'))}` : ''],
    [confirmationText.address, <AddressParts parts={address} />],
    [confirmationText.kanaAddress, <AddressParts parts={kanaAddress} />],
    [confirmationText.purposes, other ? `${purposes}（${other}）` : purposes],
  ];
  if (t('distanceTransactionReason')) rows.push([confirmationText.distanceReason, t('distanceTransactionReason')]);
  return rows;
}

const branchRow = (a: SavedApplication): Row => [
  confirmationText.branch,
  savedText(a, 'branchName') ? `${savedText(a, 'branchName')}（${savedText(a, 'branchCode')}）` : '',
];

/** /confirmation: personal, workplace, branch, seal-less. */
export function generalSections(a: SavedApplication): ConfirmationSection[] {
  const t = (key: keyof SavedApplication) => savedText(a, key);
  const workplace = occupationRows(t('occupationName'), t('occupationOther'), t('workplaceName'), t('workplacePhoneNumber'));
  workplace.push([confirmationText.workplaceCode, t('workplaceCode') || confirmationText.none]);
  workplace.push([confirmationText.invitationCode, t('invitationCode') || confirmationText.none]);
  if (t('existedAccountBranchCode')) {
    workplace.push([confirmationText.existingAccount, `${t('existedAccountBranchCode')}-${t('existedAccountNumber')}`]);
  }
  return [
    { title: confirmationText.personal, slug: 'personal', rows: personalRows(a) },
    { title: confirmationText.workplace, slug: 'workplace', rows: workplace },
    { title: confirmationText.branch, slug: 'branch', rows: [branchRow(a)] },
    {
      title: confirmationText.sealLess,
      slug: 'seal-less',
      rows: [[confirmationText.sealLess, a.sealLess === false ? confirmationText.sealLessNo : confirmationText.sealLessYes]],
    },
  ];
}

/** /child/confirmation: the child (with occupation, school and invitation code), the parent, the branch. */
export function childSections(a: SavedApplication, parent: ApplicationParentView | null): ConfirmationSection[] {
  const t = (key: keyof SavedApplication) => savedText(a, key);
  const p = (key: keyof ApplicationParentView) => parent?.[key] ?? '';
  const child = [
    ...personalRows(a),
    ...occupationRows(t('occupationName'), t('occupationOther'), t('workplaceName'), t('workplacePhoneNumber')),
    [confirmationText.invitationCode, t('invitationCode') || confirmationText.none] satisfies Row,
  ];
  const parentRows: Row[] = [
    [confirmationText.name, `${p('lastName')}\u3000${p('firstName')}`],
    [confirmationText.kanaName, `${p('kanaLastName')} ${p('kanaFirstName')}`],
    [confirmationText.birthday, birthdayText(p('birthday'), parseIsoDate(p('birthday')) ? japaneseEraYear(p('birthday')) : '')],
    [confirmationText.relationship, labelOf(relationshipLabels, p('relationship'))],
    [confirmationText.mobile, p('mobilePhoneNumber')],
    [confirmationText.home, p('phoneNumber') || confirmationText.none],
    [confirmationText.proxyReason, labelOf(proxyReasonLabels, p('proxyApplicationReason'))],
    ...occupationRows(p('occupationName'), p('occupationOther'), p('workplaceName'), p('workplacePhoneNumber')),
  ];
  return [
    { title: confirmationText.child, slug: 'child-personal', rows: child },
    { title: confirmationText.parent, slug: 'child-parent', rows: parentRows },
    { title: confirmationText.branch, slug: 'child-branch', rows: [branchRow(a)] },
  ];
}
