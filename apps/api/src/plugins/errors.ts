import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@koza/domain/messages';
import { ApiError, MaintenanceError, apiErrorOf, codeForStatus, messageForStatus } from '../http/errors.ts';
import { FieldValidationError, Refusal } from '../services/platform/refusals.ts';
import { isDatabaseUnavailable } from '../db/database.ts';
import type { FieldError } from '../services/platform/refusals.ts';

// One error handler for the whole API (ARCHITECTURE.md, convention 6):
// - validation → 400 { errors: [{ field, message }] } with the Japanese message of the schema;
// - an error a client can cause (malformed JSON, too large, wrong media type, bad URL …) → its 4xx
//   status with { code, message };
// - anything else → 500 { code: 'INTERNAL_ERROR', message } — logged (scrubbed), never a stack or
//   an internal message in the answer.

export function installErrorHandling(app: FastifyInstance, options: { spaFallback: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> }): void {
  app.setErrorHandler(async (thrown: FastifyError | Error, request, reply) => {
    // A service's refusal (services/platform/refusals.ts) becomes its HTTP answer here, and only here.
    const error = thrown instanceof Refusal ? apiErrorOf(thrown) : thrown;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as FastifyError).validationContext ?? 'body';
      const errors: FieldError[] = error.validation.map((issue) => ({
        field: fieldName(issue.instancePath, context),
        message: japaneseOrRequired(issue.message),
      }));
      return reply.code(400).send({ errors: firstPerField(errors) });
    }
    if (error instanceof FieldValidationError) return reply.code(400).send({ errors: error.errors });

    if (isDatabaseUnavailable(error)) {
      // The database is down or unreachable (decision 0101): a bounded 503 the client may retry, not a 500.
      request.log.warn({ code: (error as { code?: unknown }).code }, 'database unavailable');
      void reply.header('retry-after', '5');
      return reply.code(503).send({ code: codeForStatus(503), message: messageForStatus(503) });
    }
    if (error instanceof MaintenanceError) {
      void reply.header('retry-after', String(error.retryAfter));
      return reply.code(503).send({ code: error.code, message: error.message, ...error.window });
    }
    const status = statusOf(error);
    if (status === 503 && error instanceof ApiError) {
      // A dependency is down (the mail server, the eKYC provider): said as such, with Retry-After.
      // Only codes: a dependency's own message may quote personal data (an SMTP reply quotes the address).
      const causeCode = (error.cause as { code?: unknown } | undefined)?.code;
      request.log.warn({ code: error.code, cause: typeof causeCode === 'string' ? causeCode : undefined }, 'dependency unavailable');
      if (error.retryAfter !== undefined) void reply.header('retry-after', String(error.retryAfter));
      return reply.code(503).send({ code: error.code, message: error.message });
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed'); // scrubbed by the logger's err serializer
      return reply.code(500).send({ code: codeForStatus(500), message: messageForStatus(500) });
    }
    if (error instanceof ApiError) {
      if (error.retryAfter !== undefined) void reply.header('retry-after', String(error.retryAfter));
      return reply.code(status).send({ code: error.code, message: error.message });
    }
    // Fastify's own client errors (FST_ERR_CTP_*, FST_ERR_BAD_URL, rate limit …): their status is
    // right, their English message may quote the request, so the answer uses ours.
    return reply.code(status).send({ code: codeForStatus(status), message: messageForStatus(status) });
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/') || path === '/__dev' || path.startsWith('/__dev/');
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD')) return options.spaFallback(request, reply);
    return reply.code(404).send({ code: codeForStatus(404), message: messageForStatus(404) });
  });
}

function statusOf(error: unknown): number {
  const s = (error as { statusCode?: unknown }).statusCode;
  return typeof s === 'number' && s >= 400 && s <= 599 ? s : 500;
}

/** '/applicant/lastName' → 'applicant.lastName'; the whole body/query → its context name. */
function fieldName(instancePath: string, context: string): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path === '' ? context : path;
}

/** Our schemas carry Japanese messages; zod's English defaults (a missing or mistyped field) become 入力が必須です。 */
function japaneseOrRequired(message: string | undefined): string {
  return message && /[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]/.test(message) ? message : messages.required;
}

/** One message per field, the first one, as the screens show one message under each input. */
function firstPerField(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => (seen.has(e.field) ? false : (seen.add(e.field), true)));
}
