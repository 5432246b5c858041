// /verification, first half: the mail address to send the code to (SPEC.md §5, §7).

import { z } from 'zod';
import { mailSchema } from '../fields/mail.ts';

export const verificationMailSchema = z.object({ mailAddress: mailSchema });
