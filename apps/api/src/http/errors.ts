import { httpStatusMessages, messages } from '@koza/domain/messages';

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

export const codeForStatus = (status: number): string =>
  errorCodes[status as ErrorStatus] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');

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

export const notFound = (message?: string) => new ApiError(404, { message });
export const conflict = (message?: string) => new ApiError(409, { message });

export interface FieldError {
  field: string;
  message: string;
}

/** 400 `{ errors: [{ field, message }] }`: for rules that need the database (the schema covers the rest). */
export class FieldValidationError extends Error {
  readonly statusCode = 400;
  readonly errors: readonly FieldError[];
  constructor(errors: readonly FieldError[]) {
    super('validation failed');
    this.name = 'FieldValidationError';
    this.errors = errors;
  }
}
