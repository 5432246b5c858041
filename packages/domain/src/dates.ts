// Calendar dates without a hidden clock: every rule receives "today" from its caller (the API's clock
// adapter, the browser's clock in the web), as an ISO date string or a Date.

import { adultAge } from './constants.ts';

export interface CalendarDate {
  year: number;
  month: number; // 1–12
  day: number; // 1–31
}

/** A date as the caller knows it: 'YYYY-MM-DD' or a Date (read in Japan time, see toJapanDate). */
export type DateInput = string | Date;

const isLeapYear = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

export const daysInMonth = (year: number, month: number): number => (month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31);

/** Strict 'YYYY-MM-DD' of a real calendar day (no 2023-02-29, no 2024-1-5, no time part); else null. */
export const parseIsoDate = (s: unknown): CalendarDate | null => {
  if (typeof s !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
};

const japanDateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

const nineHoursMs = 9 * 60 * 60 * 1000;
/** Japan has kept UTC+9 all year since its last summer time ended (September 1951). */
const fixedOffsetSince = Date.UTC(1952, 0, 1) - nineHoursMs;

/**
 * The calendar day in Japan (Asia/Tokyo) at the instant d, whatever the machine's time zone. Since
 * 1952 by arithmetic (UTC+9; asked on every step save), before that by the time zone database.
 */
export const toJapanDate = (d: Date): CalendarDate => {
  const t = d.getTime();
  if (t >= fixedOffsetSince) {
    const japan = new Date(t + nineHoursMs);
    return { year: japan.getUTCFullYear(), month: japan.getUTCMonth() + 1, day: japan.getUTCDate() };
  }
  const parts = Object.fromEntries(japanDateFormat.formatToParts(d).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
};

/** Reads a DateInput; throws on a malformed string (a programming error, not user input). */
export const toCalendarDate = (d: DateInput): CalendarDate => {
  if (d instanceof Date) return toJapanDate(d);
  const parsed = parseIsoDate(d);
  if (!parsed) throw new RangeError(`Not an ISO date: ${d}`);
  return parsed;
};

export const compareDates = (a: CalendarDate, b: CalendarDate): number => a.year - b.year || a.month - b.month || a.day - b.day;

/**
 * Completed years of age on `today`. A birthday of 29 February counts as reached on 1 March in common
 * years, so the age changes on 1 March (28 February still gives the lower age).
 * Negative when the birthday is after today.
 */
export const ageOn = (birthday: DateInput, today: DateInput): number => {
  const b = toCalendarDate(birthday);
  const t = toCalendarDate(today);
  let age = t.year - b.year;
  if (t.month < b.month || (t.month === b.month && t.day < b.day)) age -= 1;
  return age;
};

/** True when born on or before today. */
export const isBornBy = (birthday: DateInput, today: DateInput): boolean => compareDates(toCalendarDate(birthday), toCalendarDate(today)) <= 0;

const eraFormat = new Intl.DateTimeFormat('ja-JP-u-ca-japanese', { era: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Japanese-era year text of a date: '平成2年', '令和元年', '昭和64年'. The first year of an era is written
 * 元年 whatever the engine's ICU prints ('1' or '元').
 */
export const japaneseEraYear = (date: DateInput): string => {
  const d = toCalendarDate(date);
  const instant = new Date(Date.UTC(d.year, d.month - 1, d.day));
  instant.setUTCFullYear(d.year); // years 0–99 would otherwise map to 1900–1999
  const parts = eraFormat.formatToParts(instant);
  const era = parts.find((p) => p.type === 'era')?.value ?? '';
  const year = parts.find((p) => p.type === 'year')?.value ?? '';
  return `${era}${year === '1' ? '元' : year}年`;
};

export type BirthdayKind = 'GENERAL' | 'CHILD' | 'PARENT';

/** Earliest selectable birth year for adults (SPEC.md §5). */
export const earliestBirthYear = 1900;
/** Year pre-selected in the parent form (SPEC.md §5). */
export const parentDefaultBirthYear = 1990;

export interface BirthYearChoices {
  /** Selectable years, ascending. */
  years: number[];
  /** Year pre-selected in the form, or null for none. */
  defaultYear: number | null;
}

/**
 * Birth-year options of the birthday selects, as SPEC.md §5 lists them: adults (general, parent)
 * 1900 … current year − 17, the parent form pre-selecting 1990; children current year − 18 … current year.
 * The lists are wider than the age rules on purpose; the birthday schema then refuses the ineligible days.
 */
export const birthYearChoices = (kind: BirthdayKind, today: DateInput): BirthYearChoices => {
  const current = toCalendarDate(today).year;
  const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (kind === 'CHILD') return { years: range(current - adultAge, current), defaultYear: null };
  return {
    years: range(earliestBirthYear, current - (adultAge - 1)),
    defaultYear: kind === 'PARENT' ? parentDefaultBirthYear : null,
  };
};

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

export const formatIsoDate = (d: CalendarDate): string => `${pad(d.year, 4)}-${pad(d.month, 2)}-${pad(d.day, 2)}`;
