// The error bodies every /api call may answer (DECISIONS.md §5, SPEC.md §8): one schema each, read
// by the web and declared by the API's routes. The API's error handler writes them.

import { z } from 'zod';
import type { FieldError } from '../steps/validate-step.ts';

export type { FieldError };

/** One message under one input: `field` is the payload property ('lastName'; '<list>.0' for an item of a list). */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() }) satisfies z.ZodType<FieldError>;

/** 400 (and the 401 of a wrong verification code): `{ errors: [{ field, message }] }`. */
export const validationErrorBodySchema = z.object({ errors: z.array(fieldErrorSchema) });
export type ValidationErrorBody = z.infer<typeof validationErrorBodySchema>;

/** Every other answer that is not 2xx: `{ code: 'NOT_FOUND', message }` and so on. */
export const errorBodySchema = z.object({ code: z.string(), message: z.string() });

/** 409 of eKYC and completion: the steps still missing, when that is why (SavedStep names of flows.ts, or 'ekyc'). */
export const conflictBodySchema = errorBodySchema.extend({ missingSteps: z.array(z.string()).optional() });
