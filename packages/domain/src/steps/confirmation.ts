// /confirmation: the applicant ticks that the address matches the identity document.
// Client-side only: nothing is posted.

import { z } from 'zod';
import { messages } from '../messages.ts';
import { tickedSchema } from '../fields/choices.ts';

export const confirmationSchema = z.object({ addressConfirmed: tickedSchema(messages.addressConfirmationRequired) });
