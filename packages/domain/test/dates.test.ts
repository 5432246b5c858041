import { describe, expect, it } from 'vitest';
import { ageOn, birthYearChoices, isBornBy, japaneseEraYear, parseIsoDate, toCalendarDate, toJapanDate } from '../src/dates.ts';

describe('parseIsoDate', () => {
  it.each([
    ['2000-01-01', { year: 2000, month: 1, day: 1 }],
    ['2024-02-29', { year: 2024, month: 2, day: 29 }],
    ['2000-02-29', { year: 2000, month: 2, day: 29 }],
    ['1999-12-31', { year: 1999, month: 12, day: 31 }],
  ])('%s is a real date', (input, expected) => expect(parseIsoDate(input)).toEqual(expected));

  it.each([
    ['2023-02-29'],
    ['1900-02-29'],
    ['2024-04-31'],
    ['2024-13-01'],
    ['2024-00-10'],
    ['2024-01-00'],
    ['2024-1-05'],
    ['24-01-05'],
    ['2024/01/05'],
    ['2024-01-05T00:00:00Z'],
    [' 2024-01-05'],
    [''],
    [20240105],
    [null],
  ])('%j is refused', (input) => expect(parseIsoDate(input)).toBeNull());
});

describe('ageOn', () => {
  it.each([
    ['2008-06-15', '2026-06-14', 17],
    ['2008-06-15', '2026-06-15', 18],
    ['2008-06-15', '2026-12-31', 18],
    ['2008-06-15', '2008-06-15', 0],
    ['2008-06-15', '2008-06-14', -1],
    // 29 February: in a common year the birthday counts as reached on 1 March.
    ['2008-02-29', '2026-02-28', 17],
    ['2008-02-29', '2026-03-01', 18],
    ['2004-02-29', '2022-02-28', 17],
    ['2004-02-29', '2022-03-01', 18],
    ['2000-02-29', '2018-02-28', 17],
    ['2000-02-29', '2018-03-01', 18],
    ['2006-02-28', '2024-02-28', 18],
  ])('born %s, on %s: %i', (birthday, today, age) => expect(ageOn(birthday, today)).toBe(age));

  it('accepts a Date for today, read in Japan time', () => {
    // 2026-06-14T15:00Z is already 2026-06-15 in Japan.
    expect(ageOn('2008-06-15', new Date('2026-06-14T15:00:00Z'))).toBe(18);
    expect(ageOn('2008-06-15', new Date('2026-06-14T14:59:59Z'))).toBe(17);
  });

  it('throws on a malformed clock string (a programming error)', () => {
    expect(() => ageOn('2008-06-15', '2026/06/15')).toThrow(RangeError);
  });
});

describe('toJapanDate', () => {
  it.each([
    ['2026-12-31T14:59:59Z', '2026-12-31'],
    ['2026-12-31T15:00:00Z', '2027-01-01'],
  ])('%s is %s in Japan', (instant, expected) => {
    const d = toJapanDate(new Date(instant));
    expect(d).toEqual(toCalendarDate(expected));
  });

  it("gives the time zone database's day for any instant, the summer time of 1948–1951 included", () => {
    const tokyo = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' });
    const from = Date.UTC(1946, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    // Every day's last and first minutes in Japan, and random instants, over 150 years.
    const instants = [Date.UTC(1951, 11, 31, 15) - 1, Date.UTC(1951, 11, 31, 15), Date.UTC(1951, 8, 7, 14, 30)];
    for (let t = from; t < to; t += 7 * 86_400_000 + 3_600_000) instants.push(t, t + 59_999);
    for (let i = 0; i < 20_000; i++) instants.push(from + Math.floor(Math.random() * (to - from)));
    for (const t of instants) {
      const d = toJapanDate(new Date(t));
      const iso = `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
      expect(iso, new Date(t).toISOString()).toBe(tokyo.format(t));
    }
  });
});

describe('isBornBy', () => {
  it.each([
    ['2026-06-15', '2026-06-15', true],
    ['2026-06-16', '2026-06-15', false],
    ['2026-06-14', '2026-06-15', true],
  ])('born %s, on %s: %s', (birthday, today, expected) => expect(isBornBy(birthday, today)).toBe(expected));
});

describe('japaneseEraYear', () => {
  it.each([
    ['1989-01-07', '昭和64年'],
    ['1989-01-08', '平成元年'],
    ['1990-06-01', '平成2年'],
    ['2019-04-30', '平成31年'],
    ['2019-05-01', '令和元年'],
    ['2026-01-01', '令和8年'],
    ['1926-12-24', '大正15年'],
    ['1926-12-25', '昭和元年'],
    ['1912-07-29', '明治45年'],
    ['1912-07-30', '大正元年'],
    ['1900-01-01', '明治33年'],
  ])('%s → %s', (birthday, expected) => expect(japaneseEraYear(birthday)).toBe(expected));
});

describe('birthYearChoices', () => {
  it('general: 1900 to the current year − 17, no default', () => {
    const { years, defaultYear } = birthYearChoices('GENERAL', '2026-03-31');
    expect(years[0]).toBe(1900);
    expect(years.at(-1)).toBe(2009);
    expect(years).toHaveLength(2009 - 1900 + 1);
    expect(defaultYear).toBeNull();
  });
  it('parent: like general, 1990 pre-selected', () => {
    const { years, defaultYear } = birthYearChoices('PARENT', '2026-03-31');
    expect([years[0], years.at(-1)]).toEqual([1900, 2009]);
    expect(defaultYear).toBe(1990);
  });
  it('child: the current year − 18 to the current year', () => {
    const { years, defaultYear } = birthYearChoices('CHILD', '2026-12-31');
    expect(years).toEqual([2008, 2009, 2010, 2011, 2012, 2013, 2014, 2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026]);
    expect(defaultYear).toBeNull();
  });
  it('follows the clock across New Year in Japan', () => {
    expect(birthYearChoices('CHILD', new Date('2026-12-31T15:00:00Z')).years.at(-1)).toBe(2027);
  });
});
