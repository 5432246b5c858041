// Instants leave the API as ISO 8601 in Japan time with an explicit offset (DECISIONS.md §5):
// 2026-04-01T09:00:00+09:00. Japan has no daylight saving time, so the offset is fixed.

const japanOffsetMs = 9 * 60 * 60 * 1000;

/** Epoch milliseconds → `YYYY-MM-DDTHH:MM:SS+09:00` (seconds precision). */
export function toJapanIso(epochMs: number): string {
  return `${new Date(epochMs + japanOffsetMs).toISOString().slice(0, 19)}+09:00`;
}
