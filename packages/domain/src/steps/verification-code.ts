// /verification, second half: the code from the mail. POST /verification-codes/verify also carries the
// mail address: verifyRequestSchema is both.

import { z } from 'zod';
import { mailSchema } from '../fields/mail.ts';
import { verificationCodeSchema } from '../fields/verification-code.ts';

export const verificationCodeStepSchema = z.object({ verificationCode: verificationCodeSchema });
export const verifyRequestSchema = z.object({ mailAddress: mailSchema, verificationCode: verificationCodeSchema });
