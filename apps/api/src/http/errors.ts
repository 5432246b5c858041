import { messages } from '@koza/domain/messages';

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
export type ErrorCode = (typeof errorCodes)[ErrorStatus];

// Messages for the generic answers. The web decides what to show from the status (SPEC.md §8);
// these are for a person reading the response. Screen messages live in @koza/domain/messages.
const genericMessages: Partial<Record<ErrorStatus, string>> = {
  400: 'リクエストの内容が正しくありません。',
  401: messages.sessionError,
  403: 'この操作は許可されていません。',
  404: 'お探しのページまたはデータが見つかりません。',
  405: 'この操作は許可されていません。',
  409: 'お申込みの状態により、この操作はできません。',
  413: '送信されたデータが大きすぎます。',
  415: '送信されたデータの形式には対応していません。',
  421: 'このアドレスではご利用いただけません。',
  429: messages.tooManyRequests,
  500: messages.systemError,
  503: messages.systemError,
};

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
