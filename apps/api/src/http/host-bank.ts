import type { FastifyRequest } from 'fastify';
import { messages } from '@koza/domain/messages';
import { FieldValidationError } from '../services/platform/refusals.ts';

/** The payload's bank must be the host's (DECISIONS.md §2): 400 on `bankCode` otherwise. */
export function assertHostBank(request: FastifyRequest, bankCode: string): void {
  if (bankCode !== request.bank.code) throw new FieldValidationError([{ field: 'bankCode', message: messages.bankMismatch }]);
}
