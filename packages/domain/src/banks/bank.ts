export const regulationIds = [
  'webAccountOpening',
  'privacyPurpose',
  'antiSocialForces',
  'generalAccountDeposit',
  'cashDebitCard',
  'directBanking',
  'mobileBankingPlus',
  'unusedAccountFee',
] as const;
export type RegulationId = (typeof regulationIds)[number];

// A bank is a row of data: no code branches per bank anywhere in the product. BankSettings is
// what a row of banks.ts says (everything that differs between the banks); a Bank adds what is
// derived from it for every bank alike (the artwork, the step bar's labels).
export interface BankSettings<Code extends string = string> {
  /** The bank code (4 digits): the one place the codes are listed is the rows of banks.ts. */
  code: Code;
  /** Full display name, e.g. 福岡銀行 (the artwork drawn from it is our own). */
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
  purposeChoices: readonly string[];
  /** Whether a distance-transaction reason is asked when the residence prefecture is not the home prefecture. */
  asksDistanceReason: boolean;
  /**
   * Contact point shown on completion and error screens and in mails. receptionHours is the display
   * text; opens/closes (HH:MM, weekdays only) are the same hours as data.
   */
  contact: { centreName: string; phoneNumber: string; receptionHours: string; opens: string; closes: string };
  links: {
    introduction: string;
    termsOfService: string;
    mobileBankingPlusTerms: string;
    branchSearch: string;
    questionnaire: string;
    homePage: string;
    /** The eight regulation links of SPEC.md §2.3 step 5, in that order. */
    regulations: readonly { id: RegulationId; label: string; url: string }[];
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
  /**
   * Palette (#rrggbb). Text pairs meet WCAG contrast ≥ 4.5:1 (tested): onPrimary on primary and on
   * primaryDark, text on background, primary on background (links, headings). accent is decorative
   * only (card stripe, marks) and never carries text.
   */
  theme: { primary: string; primaryDark: string; accent: string; onPrimary: string; background: string; text: string };
}

/** What every bank derives alike from its row. */
export interface BankDerived {
  /** Our own SVG artwork (strings), drawn from the name and theme, never copied from the banks' sites. */
  art: { logoSvg: string; cashCardSvg: string; groupLogoSvg: string };
}
