import { validationErrorBodySchema, type ValidationErrorBody } from '@koza/domain/api/errors';
import { ApiCallError } from './client.ts';

// Apart from client.ts: the schema brings zod, which the first page does not load (only the screens
// with forms use this; docs/decisions/0170-first-screen-without-zod.md).

/** The field messages of a 400 answer (`{ errors: [{ field, message }] }`, DECISIONS.md §5); [] otherwise. */
export function validationErrors(error: unknown): ValidationErrorBody['errors'] {
  if (!(error instanceof ApiCallError) || error.status !== 400) return [];
  const parsed = validationErrorBodySchema.safeParse(error.body);
  return parsed.success ? parsed.data.errors : [];
}
