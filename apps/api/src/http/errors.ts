import { httpStatusMessages, messages } from '@koza/domain/messages';
import type { Refusal, RefusalKind } from '../services/platform/refusals.ts';

// Errors a service or route throws on purpose. The error handler (plugins/errors.ts) turns them
// into the documented JSON; anything else becomes a 500 with a generic message.

export const errorCodes = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  411: 'LENGTH_REQUIRED',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  421: 'MISDIRECTED_REQUEST',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  431: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
  500: 'INTERNAL_ERROR',
  503: 'SERVICE_UNAVAILABLE',
} as const satisfies Record<number, string>;
export type ErrorStatus = keyof typeof errorCodes;

// Messages for the generic answers live with every other text in @koza/domain/messages.
const genericMessages: Partial<Record<ErrorStatus, string>> = httpStatusMessages;

export const messageForStatus = (status: number): string =>
  genericMessages[status as ErrorStatus] ?? (status >= 500 ? messages.systemError : genericMessages[400]!);

export const codeForStatus = (status: number): string => errorCodes[status as ErrorStatus] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');

/** An answer other than 2xx that the caller is meant to see: `{ code, message }`. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: string;
  /** Seconds, for 429 and 503. */
  readonly retryAfter: number | undefined;
  constructor(statusCode: ErrorStatus, options: { message?: string; code?: string; retryAfter?: number; cause?: unknown } = {}) {
    super(options.message ?? messageForStatus(statusCode), { cause: options.cause });
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = options.code ?? codeForStatus(statusCode);
    this.retryAfter = options.retryAfter;
  }
}

/** Each kind of a service's refusal (services/platform/refusals.ts) as its HTTP status. */
export const refusalStatus: Readonly<Record<RefusalKind, ErrorStatus>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedMediaType: 415,
  tooMany: 429,
  unavailable: 503,
};

/**
 * 503 `{ code: 'MAINTENANCE', message, startedAt, endedAt }` with Retry-After (seconds to the window's
 * end): an applicant's write or completion during a maintenance window (docs/decisions/0211-maintenance-for-applicants-inside.md).
 */
export class MaintenanceError extends ApiError {
  readonly window: { startedAt: string; endedAt: string };
  constructor(window: { startedAt: string; endedAt: string }, message: string, retryAfter: number) {
    super(503, { code: 'MAINTENANCE', message, retryAfter });
    this.name = 'MaintenanceError';
    this.window = window;
  }
}

/** A service's refusal as the API's answer. */
export const apiErrorOf = (refusal: Refusal): ApiError =>
  new ApiError(refusalStatus[refusal.kind], { message: refusal.userMessage, code: refusal.code, retryAfter: refusal.retryAfter, cause: refusal.cause });
