import { z } from 'zod';
import { toJapanIso } from '../../services/platform/japan-iso-time.ts';

// What the back office's route files share: the id parameters, the audit line of a search, the day
// in an export's file name.

export const idParams = z.object({ id: z.string().min(1).max(64) });

/** The Japan day of an instant as YYYYMMDD (an export's file name). */
export const japanDayOf = (epochMs: number): string => toJapanIso(epochMs).slice(0, 10).replaceAll('-', '');

/** Filters a staff member searched with, for the audit line: a name searched for is personal data, so only that one was given is kept (decision 0239). */
export function filterText(q: Record<string, unknown>): string {
  return Object.entries(q)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${k === 'kanaName' ? '(指定あり)' : String(v)}`)
    .join('&');
}
