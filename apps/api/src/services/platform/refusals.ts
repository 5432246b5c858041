// What a service refuses, in the service's own terms: services know nothing of HTTP (issue 23,
// docs/decisions/0208-services-refuse-in-their-own-terms.md). One place maps each kind to its HTTP
// answer: http/errors.ts (`refusalStatus`), applied by the error handler (plugins/errors.ts).

export type RefusalKind =
  'invalid' | 'unauthenticated' | 'forbidden' | 'notFound' | 'conflict' | 'tooLarge' | 'unsupportedMediaType' | 'tooMany' | 'unavailable';

/** A refusal the caller is meant to see: its kind, and optionally a specific code and message. */
export class Refusal extends Error {
  readonly kind: RefusalKind;
  /** A specific code (SIGN_IN_FAILED, EKYC_UNAVAILABLE …); the kind's generic code when absent. */
  readonly code: string | undefined;
  /** The Japanese message shown to the caller; the kind's generic message when absent. */
  readonly userMessage: string | undefined;
  /** Seconds, for tooMany and unavailable. */
  readonly retryAfter: number | undefined;
  constructor(kind: RefusalKind, options: { message?: string; code?: string; retryAfter?: number; cause?: unknown } = {}) {
    super(options.message ?? kind, { cause: options.cause });
    this.name = 'Refusal';
    this.kind = kind;
    this.code = options.code;
    this.userMessage = options.message;
    this.retryAfter = options.retryAfter;
  }
}

export const notFound = (message?: string) => new Refusal('notFound', { message });
export const conflict = (message?: string) => new Refusal('conflict', { message });

export interface FieldError {
  field: string;
  message: string;
}

/** Field errors `{ errors: [{ field, message }] }`: for rules that need the database (the schema covers the rest). */
export class FieldValidationError extends Error {
  readonly errors: readonly FieldError[];
  constructor(errors: readonly FieldError[]) {
    super('validation failed');
    this.name = 'FieldValidationError';
    this.errors = errors;
  }
}
