// Running a screen schema: one { field, message } per payload property, which the API answers as
// 400 { errors: [...] } (DECISIONS.md §5) and the web shows next to each input.

import type { z } from 'zod';

export interface FieldError {
  /** Dotted path of the payload property, e.g. 'lastName', or '<list>.0' for an item of a list. */
  field: string;
  message: string;
}

export type StepResult<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/**
 * Field errors keyed by the payload property ('utilizationPurpose.0' counts as 'utilizationPurpose'): the
 * one form mechanism of the applicant web (use-step-form.ts) and of the back office (use-form.ts).
 */
export function errorMap(errors: readonly FieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { field, message } of errors) {
    const key = field.split('.')[0] ?? field;
    out[key] ??= message;
  }
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Validates a screen's payload. A body that is not an object is read as an empty one, so the answer
 * is the usual list of required fields. Only the first message of each field is kept, in schema order.
 */
export const validateStep = <S extends z.ZodType>(schema: S, input: unknown): StepResult<z.output<S>> => {
  const result = schema.safeParse(isRecord(input) ? input : {});
  if (result.success) return { ok: true, value: result.data };
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ field, message: issue.message });
  }
  return { ok: false, errors };
};

/**
 * Cross-field rules of a screen. `check` sees only the properties that passed their own rules (the
 * others already have a message), so it may compare them safely; it runs even when other properties
 * failed, so the applicant sees every message at once. `add` reports a message on a property.
 */
export const refineFields = <S extends z.ZodObject>(
  schema: S,
  check: (ok: Partial<z.output<S>>, add: (field: keyof z.output<S> & string, message: string) => void) => void,
) =>
  schema.superRefine(
    (value, ctx) => {
      const failed = new Set(ctx.issues.map((i) => String(i.path?.[0])));
      const ok = Object.fromEntries(Object.entries(value).filter(([k]) => !failed.has(k))) as Partial<z.output<S>>;
      check(ok, (field, message) => ctx.addIssue({ code: 'custom', message, path: [field] }));
    },
    { when: (payload) => isRecord(payload.value) },
  );
