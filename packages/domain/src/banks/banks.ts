import type { BankDerived, BankSettings, RegulationId } from './bank.ts';
import { cashCardSvg, groupLogoSvg, logoSvg } from './art.ts';

// The banks as data (SPEC.md §1, §3; DECISIONS.md §2, §7; docs/decisions/0227-banks-as-data.md).
// Everything that differs between the banks lives in these rows, and these rows are the one list of
// the bank codes: bankCodes and BankCode (constants.ts), the reference files' schema (data/), the
// database's banks table (filled at start) and every test that walks the banks derive from
// allBanks below. No code anywhere branches on a bank code. A new bank is one more row here (see
// README, "A new bank").
//
// Values marked "sample" below are the project's own placeholders in the official format:
// - URLs live under *.example.jp (reserved for documentation), so nothing real is ever hit;
//   production replaces them with the banks' published pages.
// - Contact phone numbers are fictional.
// - 登録金融機関 registration numbers are samples in the official format; the bank supplies the
//   authoritative text before production.
// - Neighbouring prefectures are the project's choice (adjacent prefectures of the home prefecture
//   within the bank's business area); the banks confirm the real list.

const groupName = 'ふくおかフィナンシャルグループ';

/** Utilisation purposes common to every bank, in display order (DECISIONS.md §7); 'その他' goes last. */
export const commonUtilizationPurposes = ['生活費決済', '給与・年金受取', '貯蓄・資産運用', '融資', '保険・保障', '外国為替取引（海外との送金）'] as const;
export const publicGamblingPurpose = '公営競技（競輪・競馬・競艇・オートレース）';
export const otherPurpose = 'その他';

const regulationLabels: Record<RegulationId, { label: string; path: string }> = {
  webAccountOpening: { label: 'Web口座開設規定', path: 'web-account-opening' },
  privacyPurpose: { label: '個人情報の利用目的', path: 'privacy' },
  antiSocialForces: { label: '反社会的勢力ではないことの表明・確約について', path: 'anti-social-forces' },
  generalAccountDeposit: { label: '総合口座取引規定・普通預金規定', path: 'general-account' },
  cashDebitCard: { label: 'キャッシュカード規定・デビットカード取引規定', path: 'cash-card' },
  directBanking: { label: 'ダイレクトバンキングサービス利用規定', path: 'direct-banking' },
  mobileBankingPlus: { label: 'モバイルバンキングプラス利用規定', path: 'mobile-banking-plus' },
  unusedAccountFee: { label: '未利用口座管理手数料のご案内', path: 'unused-account-fee' },
};
const regulationOrder: readonly RegulationId[] = [
  'webAccountOpening',
  'privacyPurpose',
  'antiSocialForces',
  'generalAccountDeposit',
  'cashDebitCard',
  'directBanking',
  'mobileBankingPlus',
  'unusedAccountFee',
];

function linksFor(domain: string): BankSettings['links'] {
  const base = `https://${domain}`;
  return {
    introduction: `${base}/kojin/koza/web-kaisetsu/`,
    termsOfService: `${base}/kitei/web-account-opening.pdf`,
    mobileBankingPlusTerms: `${base}/kitei/mobile-banking-plus.pdf`,
    branchSearch: `${base}/tenpo/`,
    questionnaire: `${base}/enquete/web-kaisetsu/`,
    homePage: `${base}/`,
    regulations: regulationOrder.map((id) => ({
      id,
      label: regulationLabels[id].label,
      url: `${base}/kitei/${regulationLabels[id].path}.pdf`,
    })),
    pepExplanation: `${base}/kojin/koza/pep/`,
    mailHelp: `${base}/kojin/koza/web-kaisetsu/mail-help/`,
  };
}

function receptionText(opens: string, closes: string): string {
  const h = (t: string) => t.replace(/^0/, '');
  return `平日 ${h(opens)}～${h(closes)}（土・日・祝日、12月31日～1月3日を除く）`;
}

/** A bank from its row: the row plus what every bank derives alike (its artwork). */
function bank<const Code extends string>(row: BankSettings<Code>): BankSettings<Code> & BankDerived {
  const input = {
    code: row.code,
    name: row.name,
    groupName: row.footer.groupName,
    primary: row.theme.primary,
    primaryDark: row.theme.primaryDark,
    accent: row.theme.accent,
    onPrimary: row.theme.onPrimary,
    text: row.theme.text,
  };
  return {
    ...row,
    art: { logoSvg: logoSvg(input), cashCardSvg: cashCardSvg(input), groupLogoSvg: groupLogoSvg(input) },
  };
}

const associations = '加入協会：日本証券業協会、一般社団法人金融先物取引業協会';

const fukuoka = bank({
  code: '0177',
  name: '福岡銀行',
  shortName: 'ふくぎん',
  devHost: 'fukuoka.localhost',
  domain: 'fukuoka-bank.example.jp',
  homePrefecture: '福岡県',
  // The project's choice: prefectures adjacent to Fukuoka plus Yamaguchi across the Kanmon Strait.
  neighbouringPrefectures: ['佐賀県', '熊本県', '大分県', '山口県'],
  defaultTempAddressPrefecture: '福岡県',
  purposeChoices: [...commonUtilizationPurposes, publicGamblingPurpose, otherPurpose],
  asksDistanceReason: true,
  contact: {
    centreName: '福岡銀行 Web口座開設サポートセンター',
    phoneNumber: '0120-000-177',
    receptionHours: receptionText('09:00', '17:00'),
    opens: '09:00',
    closes: '17:00',
  },
  links: linksFor('fukuoka-bank.example.jp'),
  exampleAddresses: { address: '1-2-3', kanaAddress: '1-2-3', subAddress: '天神ハイツ101', kanaSubAddress: 'ﾃﾝｼﾞﾝﾊｲﾂ101' },
  footer: {
    companyName: '株式会社福岡銀行',
    registrationNumber: '登録金融機関 福岡財務支局長（登金）第7号',
    associations,
    groupName,
    copyright: 'Copyright © The Bank of Fukuoka, Ltd. All Rights Reserved.',
  },
  theme: {
    primary: '#1b4f9c',
    primaryDark: '#123a75',
    accent: '#e0a21b',
    onPrimary: '#ffffff',
    background: '#f5f8fc',
    text: '#1f2933',
  },
});

const kumamoto = bank({
  code: '0587',
  name: '熊本銀行',
  shortName: 'くまぎん',
  devHost: 'kumamoto.localhost',
  domain: 'kumamoto-bank.example.jp',
  homePrefecture: '熊本県',
  // The project's choice: prefectures adjacent to Kumamoto.
  neighbouringPrefectures: ['福岡県', '大分県', '宮崎県', '鹿児島県'],
  defaultTempAddressPrefecture: '熊本県',
  purposeChoices: [...commonUtilizationPurposes, otherPurpose],
  asksDistanceReason: false,
  contact: {
    centreName: '熊本銀行 Web口座開設サポートセンター',
    phoneNumber: '0120-000-587',
    receptionHours: receptionText('09:00', '17:30'),
    opens: '09:00',
    closes: '17:30',
  },
  links: linksFor('kumamoto-bank.example.jp'),
  exampleAddresses: { address: '4-5-6', kanaAddress: '4-5-6', subAddress: '水前寺マンション202', kanaSubAddress: 'ｽｲｾﾞﾝｼﾞﾏﾝｼｮﾝ202' },
  footer: {
    companyName: '株式会社熊本銀行',
    registrationNumber: '登録金融機関 九州財務局長（登金）第6号',
    associations,
    groupName,
    copyright: 'Copyright © The Kumamoto Bank, Ltd. All Rights Reserved.',
  },
  theme: {
    primary: '#0b6e4f',
    primaryDark: '#074d37',
    accent: '#f2b705',
    onPrimary: '#ffffff',
    background: '#f4f9f6',
    text: '#1f2933',
  },
});

const juhachishinwa = bank({
  code: '0181',
  name: '十八親和銀行',
  shortName: '十八親和',
  devHost: 'juhachishinwa.localhost',
  domain: 'juhachishinwa-bank.example.jp',
  homePrefecture: '長崎県',
  // The project's choice: the only prefectures adjacent to Nagasaki by land, and Fukuoka.
  neighbouringPrefectures: ['佐賀県', '福岡県'],
  defaultTempAddressPrefecture: '長崎県',
  purposeChoices: [...commonUtilizationPurposes, otherPurpose],
  asksDistanceReason: false,
  contact: {
    centreName: '十八親和銀行 Web口座開設サポートセンター',
    phoneNumber: '0120-000-181',
    receptionHours: receptionText('09:00', '17:30'),
    opens: '09:00',
    closes: '17:30',
  },
  links: linksFor('juhachishinwa-bank.example.jp'),
  exampleAddresses: { address: '7-8-9', kanaAddress: '7-8-9', subAddress: '出島コーポ303', kanaSubAddress: 'ﾃﾞｼﾞﾏｺｰﾎﾟ303' },
  footer: {
    companyName: '株式会社十八親和銀行',
    registrationNumber: '登録金融機関 福岡財務支局長（登金）第2号',
    associations,
    groupName,
    copyright: 'Copyright © The Juhachi-Shinwa Bank, Ltd. All Rights Reserved.',
  },
  theme: {
    primary: '#9b1b30',
    primaryDark: '#6e1222',
    accent: '#c9a227',
    onPrimary: '#ffffff',
    background: '#fbf6f6',
    text: '#1f2933',
  },
});

/** Every bank, in the order the product lists them. Adding a bank is adding its row here. */
const bankRows = [fukuoka, kumamoto, juhachishinwa] as const;

/** A bank code: one of the codes of the rows above. */
export type BankCode = (typeof bankRows)[number]['code'];
/** A bank: its row and what is derived from it (declared here, beside the rows its code comes from). */
export interface Bank extends BankSettings<BankCode>, BankDerived {}
export const allBanks: readonly [Bank, ...Bank[]] = bankRows;
/** The bank codes, in the order of allBanks (constants.ts re-exports them); never empty (z.enum takes it). */
export const bankCodes = allBanks.map((b) => b.code) as readonly BankCode[] as readonly [BankCode, ...BankCode[]];

export const banks: Readonly<Record<BankCode, Bank>> = Object.fromEntries(allBanks.map((b) => [b.code, b])) as Record<BankCode, Bank>;

export const getBank = (code: BankCode): Bank => banks[code];

/** Development hosts (DECISIONS.md §2): host → bank code. Production hosts come from configuration. */
export const devHostMap: Readonly<Record<string, BankCode>> = Object.fromEntries(allBanks.map((b) => [b.devHost, b.code]));

/** The host part of a Host header, lower-cased, without port or trailing dot (IPv6 literals keep their brackets). */
export function hostName(hostHeader: string): string {
  let h = hostHeader.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    h = end === -1 ? h : h.slice(0, end + 1);
  } else {
    const colon = h.indexOf(':');
    if (colon !== -1) h = h.slice(0, colon);
  }
  return h.endsWith('.') ? h.slice(0, -1) : h;
}

/**
 * The bank served on a host. Unknown hosts, a missing header, localhost and 127.0.0.1 get the
 * fallback (the configured default bank, DECISIONS.md §2).
 */
export function bankCodeForHost(hostHeader: string | undefined, hostMap: Readonly<Record<string, BankCode>>, fallback: BankCode): BankCode {
  if (!hostHeader) return fallback;
  const host = hostName(hostHeader);
  return Object.hasOwn(hostMap, host) ? (hostMap[host] ?? fallback) : fallback;
}

/** Whether a residence prefecture is the bank's home prefecture or one of its listed neighbours. */
export const isHomeOrNeighbour = (bank: Bank, prefecture: string): boolean =>
  prefecture === bank.homePrefecture || bank.neighbouringPrefectures.includes(prefecture);

/** Whether the personal screen must ask the distance-transaction reason for this residence prefecture. */
export const asksDistanceReasonFor = (bank: Bank, prefecture: string): boolean =>
  bank.asksDistanceReason && prefecture !== '' && prefecture !== bank.homePrefecture;
