// The pre-application confirmation of /term (SPEC.md §2.3, §3 "Confirmation answers", §4): the eight
// questions, their wording and their answer labels, written once. The child term screen shares the
// conditions wording. The blocking messages themselves live in messages.ts.

import { passbookFeeYen } from './constants.ts';

/** Accepted identity documents (SPEC.md §2.3 step 2, §9), in the order the spec lists them. */
export const identityDocuments = ['運転免許証', 'マイナンバーカード', '住民基本台帳カード', '運転経歴証明書'] as const;

/** The eight answers, in question order (SPEC.md §3 "Confirmation answers"). */
export const confirmationQuestionIds = [
  'firstAccount',
  'identityDocument',
  'adult',
  'conditions',
  'regulations',
  'myNumber',
  'passbookLess',
  'sealLess',
] as const;
export type ConfirmationQuestionId = (typeof confirmationQuestionIds)[number];

export const yesNoLabels = { yes: 'はい', no: 'いいえ' } as const;
export const consentLabels = { yes: '同意する', no: '同意しない' } as const;
export const myNumberChoices = ['wish', 'doNotWish'] as const;
export type MyNumberChoice = (typeof myNumberChoices)[number];
export const myNumberLabels: Readonly<Record<MyNumberChoice, string>> = { wish: '希望する', doNotWish: '希望しない' };

/** 'Japanese first, English under it' texts of the conditions question (SPEC.md §2.3 step 4). */
export interface Bilingual {
  ja: string;
  en: string;
}

/** The three conditions (nationality, residence and tax residence, not a foreign PEP). */
export const nationalConditions: readonly Bilingual[] = [
  { ja: '日本国籍であること', en: 'You are a Japanese national.' },
  { ja: '居住地・納税地が日本のみであること', en: 'Your residence and tax residence are in Japan only.' },
  { ja: '外国PEPsに該当しないこと', en: 'You are not a foreign Politically Exposed Person (PEP).' },
];

const yen = (n: number): string => n.toLocaleString('ja-JP');

export const confirmationQuestions = {
  firstAccount: {
    title: '当行で初めての口座開設ですか？',
  },
  identityDocument: {
    title: '以下のいずれかの本人確認書類をお持ちで、記載されている住所は現在お住まいの住所と一致していますか？',
    documents: identityDocuments,
  },
  adult: {
    title: '18歳以上ですか？',
  },
  conditions: {
    title: { ja: '以下の条件をすべて満たしていますか？', en: 'Do you meet all of the following conditions?' } satisfies Bilingual,
    conditions: nationalConditions,
    pepLink: { ja: '外国PEPsについて', en: 'About foreign PEPs' } satisfies Bilingual,
  },
  regulations: {
    title: '規定等への同意',
    lead: '以下の規定等をご確認いただき、内容に同意のうえお進みください。',
  },
  myNumber: {
    title: '預金口座へのマイナンバーの登録を希望しますか？',
    note: '「希望する」を選択された場合、登録のお手続きは口座開設後に別途ご案内いたします。',
  },
  passbookLess: {
    title: '通帳レス口座について',
    paragraphs: [
      '本サービスでお申込みいただく口座は、通帳を発行しない「通帳レス口座」となります。お取引の明細はインターネットバンキング等でご確認いただけます。',
      `口座開設後に通帳の発行をご希望の場合は、お取引店の窓口でお申し付けください（通帳発行手数料 ${yen(passbookFeeYen)}円（税込））。`,
    ],
    confirm: '通帳レス口座について確認しました',
  },
  sealLess: {
    title: '印鑑レス口座について',
    paragraphs: ['本サービスでお申込みいただく口座は、お届け印を登録しない「印鑑レス口座」となります。', '以下のお取引には、お届け印の登録が必要です。'],
    sealNeededFor: [
      '書面による口座振替のご契約',
      '非対面以外でのローンのご契約（書面によるご契約）',
      '積立のご契約',
      '貸金庫のご契約',
      'その他当行所定のお取引',
    ],
    closing: 'なお、Webでの口座振替受付サービスは、お届け印なしでご利用いただけます。',
    confirm: '印鑑レス口座について確認しました',
  },
} as const;

/** The branch and ATM search link offered with every blocking message (SPEC.md §2.3, §8). */
export const branchSearchLabel = '店舗・ATM検索';

/**
 * The questions of each pre-application page, in the groups in which they appear: a group appears
 * once every question of the group before is answered positively. /term asks all eight one at a
 * time (SPEC.md §2.3). /child/term (SPEC.md §2.5 "Yes reveals the regulation and individual-number
 * agreements, then passbook-less and seal-less confirmations"; §4 "Term gating (child)") asks whether
 * parent and child meet the conditions; yes reveals the regulations and the individual-number
 * question together, then the passbook-less notice, then the seal-less notice. The first account,
 * the identity document and the age are the before-check's and the child personal page's to settle
 * (the child's birthday rule).
 */
export const termQuestionGroups = {
  term: confirmationQuestionIds.map((id) => [id] as const),
  'child-term': [['conditions'], ['regulations', 'myNumber'], ['passbookLess'], ['sealLess']],
} as const satisfies Record<string, readonly (readonly ConfirmationQuestionId[])[]>;

/** The questions of each pre-application page, in order. */
export const termQuestionIds = {
  term: termQuestionGroups.term.flat(),
  'child-term': termQuestionGroups['child-term'].flat(),
} satisfies Record<keyof typeof termQuestionGroups, readonly ConfirmationQuestionId[]>;

/** The conditions question of /child/term: asked of the parent and the child together. */
export const childConditionsTitle: Bilingual = {
  ja: '親権者さまとお子さまは、以下の条件をすべて満たしていますか？',
  en: 'Do both the parent and the child meet all of the following conditions?',
};
