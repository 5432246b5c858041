// Business constants of SPEC.md §9 and DECISIONS.md §3 and §6.

// The bank codes are those of the bank rows (banks/banks.ts, decision 0227): never listed here.
import { bankCodes } from './banks/banks.ts';
import type { BankCode } from './banks/banks.ts';
export { bankCodes };
export type { BankCode };
export const isBankCode = (v: unknown): v is BankCode => typeof v === 'string' && (bankCodes as readonly string[]).includes(v);

export const applicationTypes = ['GENERAL', 'CHILD'] as const;
export type ApplicationType = (typeof applicationTypes)[number];

export const cookieLifeDays = 7;
export const queryLimits = { channel: 20, workplace: 8, invitation: 6, deviceId: 36 } as const;

export const workplaceCodeLengths = [6, 8] as const;
export const invitationCodeLength = 6;
export const phoneLength = { min: 12, max: 13 } as const;
export const mailMaxLength = 254;
export const pinLength = 4;
export const postalCodeLength = 7;
export const branchCodeLength = 3;
export const accountNumberLength = 7;

export const adultAge = 18;

export const fieldLimits = {
  name: 24,
  kanaName: 48,
  address: 20,
  kanaAddress: 40,
  purposeOther: 24,
  occupationOther: 25,
  workplaceName: 25,
  distanceReason: 50,
} as const;

export const ekycPolling = { intervalMs: 5000, maxTries: 12, inProgress: [1, 2] as readonly number[] } as const;
export const ekycStatus = {
  CREATED: 1,
  PROVIDER_PROCESSING: 2,
  BANKER_PROCESSING: 4,
  PROVIDER_REJECTED: 8,
  EXPIRED: 9,
} as const;
export const ekycMethodCutover = '2027-04-01';
export type EkycMethod = 'PHOTO_ID_AND_FACE' | 'JPKI';

export const passbookFeeYen = 1100;
export const certificateOfResidenceValidMonths = 6;

export const upload = {
  browserLimitBytes: 1024 * 1024,
  serverLimitBytes: 10 * 1024 * 1024,
  maxLongSide: 1920,
  maxShortSide: 1080,
  qualityStep: 0.1,
} as const;

export const documentTypes = ['INDIVIDUAL_NUMBER_CARD', 'CERTIFICATE_RESIDENCE', 'MATERNITY_HANDBOOK', 'CURRENT_ADDRESS_DOCUMENT'] as const;
export type DocumentType = (typeof documentTypes)[number];

export const verification = {
  codeDigits: 6,
  codeValidityMinutes: 10,
  maxWrongTries: 5,
  perAddressMinIntervalSeconds: 30,
  perAddressPerHour: 5,
  perIpPerHour: 30,
  tokenIdleMinutes: 30,
  tokenAbsoluteHours: 3,
} as const;

export const toastAutoCloseMs = 5000;
/** SPEC.md §9 "Proxy reason fixed value: minor": the wire and stored value (decision 0190). */
export const proxyReasonMinor = 'minor';
export const relationships = ['FATHER', 'MOTHER'] as const;
export type Relationship = (typeof relationships)[number];
/** The parent screen's labels (child flow). */
export const relationshipLabels: Record<Relationship, string> = { FATHER: '父', MOTHER: '母' };
/** The parent screen's label of the only proxy reason (SPEC.md §3: fixed choice 'minor'). */
export const proxyReasonLabels: Record<typeof proxyReasonMinor, string> = { minor: 'お子さまが未成年のため' };
export const genders = ['MAN', 'WOMAN'] as const;
export type Gender = (typeof genders)[number];
export const genderLabels: Record<Gender, string> = { MAN: '男性', WOMAN: '女性' };
