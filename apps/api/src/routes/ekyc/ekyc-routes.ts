import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  ekycStartRequestSchema,
  ekycStartResponseSchema,
  ekycStatusResponseSchema,
  ekycUnavailableBodySchema,
  ekycViewResponseSchema,
} from '@koza/domain/api/ekyc';
import { conflictBodySchema, errorBodySchema } from '@koza/domain/api/errors';
import { messages } from '@koza/domain/messages';
import { apiErrorOf } from '../../http/errors.ts';
import { FieldValidationError } from '../../services/platform/refusals.ts';
import { sessionApplication } from '../../services/applicant/applications.ts';
import { EkycUnavailableError, StepsMissingError, ekycView, refreshEkycStatus, startEkyc } from '../../services/applicant/ekyc.ts';
import type { EkycDeps } from '../../services/applicant/ekyc.ts';
import { requireAuth } from '../route-guards.ts';
import type { RouteGuards } from '../route-guards.ts';

// eKYC for the applicant (SPEC.md §7, DECISIONS.md §6, docs/decisions/0050-ekyc-integration.md):
//   POST /api/ekyc { supplement: false } → 200 { url }; 409 before the PIN (with missingSteps) or
//     after completion; 503 { code: 'EKYC_UNAVAILABLE', message } when the provider cannot be used
//     (no answer in 5 s, an error, a malformed answer): nothing the client sent causes it, so it is
//     a 5xx, and the web shows /ekyc-error with its retry button.
//   GET /api/ekyc → { method, status, supplementRequired, url? }
//   POST /api/ekyc/status (empty body) → { status, supplementRequired }; 409 without a session.

/** `scheme://host[:port]` the browser used: the bank's host; https in production (TLS ends at a proxy). */
export function browserOrigin(request: FastifyRequest, options: { isProduction: boolean; fallback: string }): string {
  const host = request.headers.host ?? '';
  if (!/^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(host)) return options.fallback;
  const scheme = options.isProduction ? 'https' : request.protocol === 'https' ? 'https' : 'http';
  return `${scheme}://${host.toLowerCase()}`;
}

export const ekycRoutes: FastifyPluginAsyncZod<EkycDeps & { guards: RouteGuards; isProduction: boolean }> = async (app, { guards, isProduction, ...deps }) => {
  app.post(
    '/api/ekyc',
    {
      preHandler: guards.applicant,
      // 503: the provider's EKYC_UNAVAILABLE, or any other (the database away, maintenance) as the
      // error handler writes it; with the provider's alone, those failed serialisation and answered 500.
      schema: { response: { 200: ekycStartResponseSchema, 409: conflictBodySchema, 503: ekycUnavailableBodySchema.or(errorBodySchema.loose()) } },
    },
    async (request, reply) => {
      // SPEC.md §7 sends { supplement: false }; the current-address supplement is an upload
      // (POST /api/documents), never a second eKYC, so only false (or nothing) is accepted.
      const body: unknown = request.body;
      if (body !== undefined && body !== null && !ekycStartRequestSchema.safeParse(body).success) {
        throw new FieldValidationError([{ field: 'supplement', message: messages.required }]);
      }
      const application = await sessionApplication(deps.db, requireAuth(request));
      try {
        return await startEkyc(deps, application, {
          browserOrigin: browserOrigin(request, { isProduction, fallback: deps.config.publicBaseUrl }),
        });
      } catch (error) {
        if (error instanceof StepsMissingError) {
          const answer = apiErrorOf(error);
          return reply.code(409).send({ code: answer.code, message: answer.message, missingSteps: [...error.missingSteps] });
        }
        if (error instanceof EkycUnavailableError) {
          // What failed, never who: the message names the call and the HTTP status only.
          request.log.warn({ failure: error.failure, providerStatus: error.providerStatus }, 'eKYC provider unavailable');
          return reply.code(503).header('retry-after', '30').send({ code: 'EKYC_UNAVAILABLE', message: messages.ekycError });
        }
        throw error;
      }
    },
  );

  app.get('/api/ekyc', { preHandler: guards.applicant, schema: { response: { 200: ekycViewResponseSchema } } }, async (request) => {
    const application = await sessionApplication(deps.db, requireAuth(request));
    return ekycView(deps, application);
  });

  app.post('/api/ekyc/status', { preHandler: guards.applicant, schema: { response: { 200: ekycStatusResponseSchema } } }, async (request) => {
    // Polled every 5 s by every applicant at this step: one query (the application's bank and its newest session).
    return refreshEkycStatus(deps, requireAuth(request));
  });
};
