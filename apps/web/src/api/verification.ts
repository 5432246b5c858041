import { verificationVerifyResponseSchema, type VerificationRegisterRequest, type VerificationVerifyRequest } from '@koza/domain/api/entry';
import { api } from './client.ts';

// The mail verification calls (SPEC.md §7, DECISIONS.md §4) of the verification screens: one
// function per call, the answers read with the API contract of @koza/domain/api/entry.

/** POST /api/verification-codes/register → 204; 400 (address), 429 (too many mails). */
export async function registerVerificationCode(request: VerificationRegisterRequest): Promise<void> {
  await api.post('/api/verification-codes/register', request, { auth: false });
}

/** POST /api/verification-codes/verify → the token; 400 or 401 mean a wrong code (shown on the screen). */
export async function verifyVerificationCode(request: VerificationVerifyRequest): Promise<string> {
  const result = await api.post('/api/verification-codes/verify', request, {
    auth: false,
    schema: verificationVerifyResponseSchema,
    sessionErrorOn401: false,
  });
  return result.authenticationToken;
}
