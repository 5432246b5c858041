import type { BankCode } from '../constants.ts';

// A bank is a row of data: no code branches per bank anywhere in the product.
export interface Bank {
  code: BankCode;
  /** Full display name, e.g. 福岡みらい銀行 (our own fictional-style naming is fine for artwork). */
  name: string;
  shortName: string;
  /** Default development host (DECISIONS.md §2), e.g. fukuoka.localhost. Production hosts come from configuration. */
  devHost: string;
  domain: string;
  /** Home prefecture (e.g. 福岡県) and neighbouring prefectures whose residents may apply. */
  homePrefecture: string;
  neighbouringPrefectures: readonly string[];
  /** Default prefecture offered for a temporary address (SPEC.md §3). */
  defaultTempAddressPrefecture: string;
  /** Utilisation purposes in display order; the last is always 'その他'. */
  utilizationPurposes: readonly string[];
  /** Whether a distance-transaction reason is asked when the residence prefecture is not the home prefecture. */
  asksDistanceReason: boolean;
  contact: { centreName: string; phoneNumber: string; receptionHours: string };
  links: {
    introduction: string;
    termsOfService: string;
    mobileBankingPlusTerms: string;
    branchSearch: string;
    questionnaire: string;
    homePage: string;
    regulations: readonly { label: string; url: string }[];
    pepExplanation: string;
    mailHelp: string;
  };
  exampleAddresses: { address: string; kanaAddress: string; subAddress: string; kanaSubAddress: string };
  footer: {
    companyName: string;
    registrationNumber: string;
    associations: string;
    groupName: string;
    copyright: string;
  };
  theme: { primary: string; primaryDark: string; accent: string; onPrimary: string; background: string };
  /** Our own SVG artwork (strings), never copied from the banks' sites. */
  art: { logoSvg: string; cashCardSvg: string; groupLogoSvg: string };
  /** Step bar labels, general (7) and child (12). */
  stepLabels: { GENERAL: readonly string[]; CHILD: readonly string[] };
}
