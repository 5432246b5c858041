import { ekycMethodCutover, type EkycMethod } from '@koza/domain/constants';

const japanDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The method in force on `now`'s date in Japan by the default cut-over (DECISIONS.md §6). Only a
 * fallback: the API decides (GET /api/ekyc answers the method, and its cut-over is configurable),
 * and this is used only when that call fails, so the screen still says what to prepare.
 */
export function fallbackMethod(now: Date = new Date()): EkycMethod {
  return japanDate.format(now) >= ekycMethodCutover ? 'JPKI' : 'PHOTO_ID_AND_FACE';
}
