import type { EkycMethod } from '@koza/domain/constants';
import { toJapanIso } from '../platform/japan-iso-time.ts';

/** The method in force on the day of `now` in Japan: photo ID + face before the cut-over date, JPKI from it on. */
export function methodFor(now: Date, jpkiCutover: string): EkycMethod {
  return toJapanIso(now.getTime()).slice(0, 10) >= jpkiCutover ? 'JPKI' : 'PHOTO_ID_AND_FACE';
}
