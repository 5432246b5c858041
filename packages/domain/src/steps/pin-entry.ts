// /pin: the two PIN entries, format and equality only. The rules against the application's
// data (same digits, birthday, phones, address) live in pin-rules.ts.

import { z } from 'zod';
import { messages } from '../messages.ts';
import { pinLength } from '../constants.ts';
import { refineFields } from './validate-step.ts';

export { pinLength };
export const pinPattern = new RegExp(`^\\d{${pinLength}}$`);

/** Exactly 4 half-width digits (full-width digits are refused, not converted: the message says half-width). */
export const pinSchema = z.string({ error: messages.pinFormat }).regex(pinPattern, { error: messages.pinFormat });

/** pin and pinConfirmation: each 4 half-width digits, and equal (the mismatch shows on the second). */
export const pinEntrySchema = refineFields(z.object({ pin: pinSchema, pinConfirmation: pinSchema }), (v, add) => {
  if (v.pin !== undefined && v.pinConfirmation !== undefined && v.pin !== v.pinConfirmation) {
    add('pinConfirmation', messages.pinMismatch);
  }
});
