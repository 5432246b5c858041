const japanDateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as Japanese text in Japan time: 2025年1月12日 1:00 (SPEC.md §2.4 maintenance times). */
export function formatJapanDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const p = Object.fromEntries(japanDateTime.formatToParts(date).map((part) => [part.type, part.value]));
  return `${p.year}年${p.month}月${p.day}日 ${Number(p.hour)}:${p.minute}`;
}
