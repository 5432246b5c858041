import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import { completionResponseSchema } from '@koza/domain/api/ekyc';
import { conflictBodySchema } from '@koza/domain/api/errors';
import type { Clock } from '../../adapters/clock.ts';
import type { Db } from '../../db/database.ts';
import type { MailSender } from '../../adapters/mail.ts';
import { ApiError, apiErrorOf } from '../../http/errors.ts';
import { NotReadyError, authContextClosedByCompletion, completeApplication } from '../../services/applicant/completion.ts';
import { authenticate } from '../../services/platform/sessions.ts';
import { maintenanceGate, requireAuth } from '../route-guards.ts';

// POST /api/application-complete (auth, empty body) → 200 { applicationNumber, applicationCompletedAt }
// (DECISIONS.md §5; docs/decisions/0052-completion-numbers.md, 0053-token-after-completion.md).
//   409 { code: 'CONFLICT', message, missingSteps } while a step is missing: 'ekyc' until eKYC is at
//       status 4, 'currentAddressDocument' while the supplement is required, or earlier steps.
// The completion revokes the application's sessions, so every other call with the token answers
// 401 afterwards; THIS call alone still accepts the token it revoked, for 30 minutes, and answers
// the same number and time (a retry after a lost answer).

function bearerToken(header: string | undefined): string | null {
  const match = header === undefined ? null : /^Bearer +(\S+) *$/i.exec(header);
  return match ? match[1]! : null;
}

export interface CompletionRouteDeps {
  db: Db;
  clock: Clock;
  codeHashKey: Buffer;
  /** The completion mail to the applicant (issue 14). */
  mail?: MailSender;
}

export const completionRoutes: FastifyPluginAsyncZod<CompletionRouteDeps> = async (app, { db, clock, codeHashKey, mail }) => {
  // A live session, as guards.applicant accepts it; otherwise a session revoked by this
  // application's own completion (within the retry window), for this one route.
  const liveOrClosedByCompletion: preHandlerHookHandler = async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (token === null) throw new ApiError(401);
    const now = clock.now().getTime();
    const auth =
      (await authenticate(db, codeHashKey, token, request.bank.code, now)) ??
      (await authContextClosedByCompletion(db, codeHashKey, token, request.bank.code, now));
    if (auth === null) throw new ApiError(401);
    request.auth = auth;
  };

  app.post(
    '/api/application-complete',
    {
      preHandler: [liveOrClosedByCompletion, maintenanceGate({ db, clock })],
      schema: { response: { 200: completionResponseSchema, 409: conflictBodySchema } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      try {
        return await completeApplication({ db, clock, mail }, auth.applicationId);
      } catch (error) {
        if (error instanceof NotReadyError) {
          const answer = apiErrorOf(error);
          return reply.code(409).send({ code: answer.code, message: answer.message, missingSteps: [...error.missingSteps] });
        }
        throw error;
      }
    },
  );
};
