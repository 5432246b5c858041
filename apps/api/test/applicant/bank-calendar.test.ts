import { expect, it } from 'vitest';
import { businessDaysSince } from '@koza/domain/admin/case';
import { isBankHoliday } from '../../src/services/platform/bank-calendar.ts';

// The review target counts business days: weekdays the banks are open in Japan (not national
// holidays, substitute holidays included, nor the year-end closure of 31 December to 3 January).

const at = (iso: string) => Date.parse(`${iso}T10:00:00+09:00`);

it('knows national holidays, substitute holidays and the year-end closure', () => {
  expect(isBankHoliday('2026-11-23')).toBe(true); // 勤労感謝の日 (Monday)
  expect(isBankHoliday('2026-05-06')).toBe(true); // 振替休日 for 憲法記念日 on a Sunday
  expect(isBankHoliday('2026-12-31')).toBe(true);
  expect(isBankHoliday('2027-01-03')).toBe(true);
  expect(isBankHoliday('2026-11-24')).toBe(false);
  expect(isBankHoliday('2026-12-30')).toBe(false);
});

it('counts only the days the bank is open', () => {
  // Friday 20 November → Tuesday 24 November: Monday 23rd is a holiday, so 1 business day.
  expect(businessDaysSince(at('2026-11-20'), at('2026-11-24'), isBankHoliday)).toBe(1);
  // The same span without a calendar would count 2.
  expect(businessDaysSince(at('2026-11-20'), at('2026-11-24'), () => false)).toBe(2);
  // Monday 28 December → Monday 4 January: 29th and 30th only.
  expect(businessDaysSince(at('2026-12-28'), at('2027-01-04'), isBankHoliday)).toBe(3);
});
