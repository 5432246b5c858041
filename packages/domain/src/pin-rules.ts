import { messages } from './messages.ts';
import { keysOfKind, type KindKey } from './fields/registry.ts';

// Cash-card PIN rules (SPEC.md §5), checked in the browser before the PIN is encrypted and again on
// the server against the saved application (DECISIONS.md §5).
//
// Rules, in the order their messages are shown:
//   mismatch    the two entries differ                                暗証番号が一致しません。…
//   format      not exactly 4 half-width digits                         暗証番号は4桁の半角数字で…
//   sameDigits  four identical digits (0000, 1111 … 9999)               入力された暗証番号は設定できません。
//   birthday    derivable from the birthday (list below)                生年月日は暗証番号に利用できません。
//   phone       the last 4 digits of a phone number                      電話番号の一部は暗証番号に利用できません。
//   address     the first or last 4 digits of an address string          住所の一部は暗証番号に利用できません。
// The content rules (sameDigits, birthday, phone, address) apply only to a well-formed PIN.
// For a child application the parent's birthday and phones count as well as the child's.
//
// Birthday: every 4-digit string below is refused. Notation, for the birthday 1990-03-05 (平成2年):
//   YYYY western year (1990); YY its last two digits (90); y YY without a leading zero, only when YY
//   starts with 0 (2005 → 5);
//   EE Japanese-era year, two digits (平成2年 → 02; 元年 → 01); e EE without a leading zero, only when
//   EE starts with 0 (2);
//   MM month, two digits (03); m without a leading zero, only for months 1-9 (3);
//   DD day, two digits (05); d without a leading zero, only for days 1-9 (5).
// Patterns (each counted only when it makes exactly four digits):
//   year alone:          YYYY
//   month and day:       MMDD, DDMM
//   western year + one:  YYMM, MMYY, YYDD, DDYY
//   era year + one:      EEMM, MMEE, EEDD, DDEE
//   year, month and day in the three orders people write dates (year-month-day, month-day-year,
//   day-month-year), with unpadded parts:
//     YYmd, ymDD, yMMd, EEmd, emDD, eMMd
//     mdYY, mDDy, MMdy, mdEE, mDDe, MMde
//     dmYY, dMMy, DDmy, dmEE, dMMe, DDme
// Example, 1990-03-05: 1990 0305 0503 9003 0390 9005 0590 0203 0302 0205 0502 9035 0235 2035 2305
// 3590 3502 0352 3052 5390 5302 0532 5032. A birthday with two-digit month, day and years (1987-11-23,
// 昭和62年) has only the padded forms: 1987 1123 2311 8711 1187 8723 2387 6211 1162 6223 2362.
//
// Phone: the last 4 digits (digits only) of every phone number of the person: every field of the
// field registry of kind 'mobile' or 'phone' (today the mobile, home and workplace phones; a phone
// added to the registry counts by itself, decision 0244).
// Address: each address string (kanji, kana and temporary, whole and in parts: every field of the
// registry of kind 'address' or 'kanaAddress') is reduced to its digits, full-width digits counted
// as half-width; when it has at least 4 digits, its first 4 and its last 4 digits are refused
// ('1-2-3' has too few; '天神ビル1203' gives 1203).

export const pinRuleIds = ['mismatch', 'format', 'sameDigits', 'birthday', 'phone', 'address'] as const;
export type PinRuleId = (typeof pinRuleIds)[number];

export const pinRuleMessages: Readonly<Record<PinRuleId, string>> = {
  mismatch: messages.pinMismatch,
  format: messages.pinFormat,
  sameDigits: messages.pinSameDigits,
  birthday: messages.pinBirthday,
  phone: messages.pinPhone,
  address: messages.pinAddress,
};

type Text = string | null | undefined;

const phoneKinds = ['mobile', 'phone'] as const;
const addressKinds = ['address', 'kanaAddress'] as const;

/** The fields whose last 4 digits a PIN may not be: every phone of the registry, the applicant's and the parent's. */
export const pinPhoneKeys = {
  application: keysOfKind('application', phoneKinds),
  parent: keysOfKind('parent', phoneKinds),
} as const;
/** The address strings whose first and last 4 digits a PIN may not be: every address field of the registry. */
export const pinAddressKeys = keysOfKind('application', addressKinds);

type Texts<K extends string> = { [P in K]?: Text };

/** A person's saved data the PIN is checked against: the birthday (YYYY-MM-DD) and every phone. */
export type PinPersonContext<R extends 'application' | 'parent' = 'application'> = { birthday?: Text } & Texts<KindKey<R, (typeof phoneKinds)[number]>>;

/** The saved application data the PIN is checked against; the application object itself fits. */
export type PinContext = PinPersonContext &
  Texts<KindKey<'application', (typeof addressKinds)[number]>> & {
    /** The parent, for a child application. */
    parent?: PinPersonContext<'parent'> | null;
  };

const digitsOnly = (s: string): string => s.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[^0-9]/g, '');

const birthdayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

let eraFormat: Intl.DateTimeFormat | undefined;

/** The Japanese-era year of a date (元年 = 1), or null when the calendar is unavailable. */
function eraYear(year: number, month: number, day: number): number | null {
  eraFormat ??= new Intl.DateTimeFormat('ja-JP-u-ca-japanese', { era: 'long', year: 'numeric', timeZone: 'UTC' });
  const parts = eraFormat.formatToParts(new Date(Date.UTC(year, month - 1, day)));
  if (!parts.some((p) => p.type === 'era')) return null;
  const y = parts.find((p) => p.type === 'year')?.value;
  if (y === '元') return 1;
  const n = Number(y);
  return Number.isInteger(n) && n >= 1 && n < 100 ? n : null;
}

/** Two-digit form, plus the form without a leading zero when there is one. */
const forms = (two: string): string[] => (two.startsWith('0') ? [two, two.slice(1)] : [two]);

/**
 * Every 4-digit PIN derivable from a birthday (YYYY-MM-DD), by the list at the top of this file.
 * An unparsable birthday gives none.
 */
export function forbiddenBirthdayPins(birthday: string): string[] {
  const m = birthdayPattern.exec(birthday);
  if (!m) return [];
  const [, yyyy = '', mm = '', dd = ''] = m;
  const yearNum = Number(yyyy);
  const monthNum = Number(mm);
  const dayNum = Number(dd);
  const date = new Date(Date.UTC(yearNum, monthNum - 1, dayNum));
  if (date.getUTCFullYear() !== yearNum || date.getUTCMonth() !== monthNum - 1 || date.getUTCDate() !== dayNum) return [];

  const era = eraYear(yearNum, monthNum, dayNum);
  const years = [...forms(yyyy.slice(2)), ...(era === null ? [] : forms(String(era).padStart(2, '0')))];
  const months = forms(mm);
  const days = forms(dd);
  const out = new Set<string>([yyyy]);
  const add = (s: string) => {
    if (s.length === 4) out.add(s);
  };
  for (const mo of months)
    for (const da of days) {
      add(mo + da);
      add(da + mo);
    }
  for (const y of years) {
    for (const mo of months) {
      add(y + mo);
      add(mo + y);
    }
    for (const da of days) {
      add(y + da);
      add(da + y);
    }
    for (const mo of months)
      for (const da of days) {
        add(y + mo + da);
        add(mo + da + y);
        add(da + mo + y);
      }
  }
  return [...out];
}

/** The last 4 digits of each phone number given (numbers with fewer digits give nothing). */
export function forbiddenPhonePins(...phones: Text[]): string[] {
  const out = new Set<string>();
  for (const phone of phones) {
    const d = digitsOnly(phone ?? '');
    if (d.length >= 4) out.add(d.slice(-4));
  }
  return [...out];
}

/** The first and last 4 digits of each address string with at least 4 digits. */
export function forbiddenAddressPins(...addresses: Text[]): string[] {
  const out = new Set<string>();
  for (const a of addresses) {
    const d = digitsOnly(a ?? '');
    if (d.length >= 4) {
      out.add(d.slice(0, 4));
      out.add(d.slice(-4));
    }
  }
  return [...out];
}

/** The birthday of the applicant and, for a child application, the parent's. */
const birthdays = (ctx: PinContext): Text[] => (ctx.parent ? [ctx.birthday, ctx.parent.birthday] : [ctx.birthday]);

/** The last 4 digits of every phone of the applicant and, for a child application, the parent. */
const phonePins = (ctx: PinContext): string[] =>
  forbiddenPhonePins(...pinPhoneKeys.application.map((k) => ctx[k]), ...(ctx.parent ? pinPhoneKeys.parent.map((k) => ctx.parent?.[k]) : []));

/**
 * The rules a PIN breaks, in message order. Pass confirmation null to skip the mismatch rule (the
 * server receives one PIN).
 */
export function pinViolations(pin: string, confirmation: string | null, context: PinContext): PinRuleId[] {
  const out: PinRuleId[] = [];
  if (confirmation !== null && pin !== confirmation) out.push('mismatch');
  if (!/^[0-9]{4}$/.test(pin)) {
    out.push('format');
    return out;
  }
  if (/^(\d)\1{3}$/.test(pin)) out.push('sameDigits');
  if (birthdays(context).some((b) => forbiddenBirthdayPins(b ?? '').includes(pin))) out.push('birthday');
  if (phonePins(context).includes(pin)) out.push('phone');
  if (forbiddenAddressPins(...pinAddressKeys.map((k) => context[k])).includes(pin)) out.push('address');
  return out;
}

/** The messages for the rules a PIN breaks, in the order of SPEC.md §5; empty when the PIN may be set. */
export function checkPin(pin: string, confirmation: string | null, application: PinContext): string[] {
  return pinViolations(pin, confirmation, application).map((id) => pinRuleMessages[id]);
}
