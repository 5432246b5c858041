// The child flow's before-check (/child/before-check, SPEC.md §2.5): the confirmation notes, the list
// of things to prepare and the two confirmations, written once. The prefectures are the bank's data
// (Bank.homePrefecture, Bank.neighbouringPrefectures), the same the API's residence check reads
// (decision 0043), so the note and the rule cannot disagree.

import type { Bank } from './banks/banks.ts';

/** The prefectures where a child may live to apply without a branch in the municipality: home first. */
export const childResidencePrefectures = (bank: Pick<Bank, 'homePrefecture' | 'neighbouringPrefectures'>): string[] => [
  bank.homePrefecture,
  ...bank.neighbouringPrefectures,
];

/** The confirmation notes, in display order; the residence note names the bank's prefectures. */
export const childBeforeCheckNotes = (bank: Pick<Bank, 'name' | 'homePrefecture' | 'neighbouringPrefectures'>): string[] => [
  'お申込みいただけるのは、18歳未満のお子さまの親権者（父または母）さまです。親権者さまがお子さまの代理人としてお申込みください。',
  `お子さまのお住まいが${childResidencePrefectures(bank).join('・')}のいずれか、または${bank.name}の支店がある市区町村であることが必要です。`,
  'お子さまのお取引支店は、お子さまのお住まいの市区町村にある支店からお選びいただきます。',
  `お子さまが${bank.name}で初めて口座を開設される場合に限ります。`,
  '親権者さまとお子さまの姓（漢字・カナ）が同じであることが必要です。',
  'お子さまおよび親権者さまが、日本国籍であり、居住地・納税地が日本のみであり、外国PEPsに該当しないことが必要です。',
  'キャッシュカードはお子さまのお名前で、お子さまのご住所へ郵送します（お申込みから1〜2週間程度）。一定期間お受け取りいただけない場合、お申込みは取り消しとなります。',
];

/** What the parent prepares before starting (SPEC.md §1: the child flow's documents). */
export const childPreparationItems: readonly { title: string; detail: string }[] = [
  { title: 'お子さまのマイナンバーカード（個人番号カード）', detail: 'カードの表面を撮影します。' },
  {
    title: 'お子さまの住民票の写し または 母子健康手帳',
    detail: '住民票の写しは発行から6か月以内で、本籍地・個人番号の記載がないもの。母子健康手帳は交付印のあるページ全体を撮影します。',
  },
  {
    title: '親権者さまの本人確認書類',
    detail: '運転免許証・マイナンバーカード等。お顔の撮影とあわせて本人確認を行います。',
  },
];

/** The two confirmations; both must be ticked before Next (SPEC.md §2.5). */
export const childBeforeCheckConfirmations = {
  notes: '上記の注意事項を確認しました',
  preparation: 'お申込みに必要な書類を準備しました',
} as const;
