import holidayJp from '@holiday-jp/holiday_jp';

// The days Japanese banks are closed besides weekends: the national holidays (祝日法, from the
// maintained @holiday-jp/holiday_jp table, substitute holidays included) and the year-end closure
// of 31 December to 3 January (銀行法施行令 第5条). Used for the review target in business days
// (docs/decisions/0232-work-queue-and-funnel-counts.md).

const holidays: Readonly<Record<string, unknown>> = holidayJp.holidays;

/** Whether the banks are closed on a Japan date (YYYY-MM-DD) that is not a weekend. */
export function isBankHoliday(isoDate: string): boolean {
  const monthDay = isoDate.slice(5);
  if (monthDay === '12-31' || monthDay === '01-01' || monthDay === '01-02' || monthDay === '01-03') return true;
  return Object.hasOwn(holidays, isoDate);
}
