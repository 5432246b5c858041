import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { PageSlug } from '@koza/domain/flows';
import type { FieldError, StepResult } from '@koza/domain/steps/validate-step';
import { ApiError, validationErrors } from '../api/client.ts';
import { useFlow } from '../lib/flow.ts';

/** Field errors keyed by the payload property ('utilizationPurpose.0' counts as 'utilizationPurpose'). */
export function errorMap(errors: readonly FieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { field, message } of errors) {
    const key = field.split('.')[0] ?? field;
    out[key] ??= message;
  }
  return out;
}

/** After errors render, focus the first invalid control of the screen (DESIGN.md: focus on the first error). */
export function focusFirstError(): void {
  requestAnimationFrame(() => {
    const first = document.querySelector<HTMLElement>('main [aria-invalid="true"]');
    first?.focus();
  });
}

/** True for a 400 with field errors: the screen shows them instead of leaving for the error page. */
export const isValidationFailure = (error: unknown): boolean => error instanceof ApiError && error.status === 400;

interface StepFormOptions<F, T> {
  slug: PageSlug;
  initial: F | (() => F);
  /** The domain's step schema run over the payload the form makes (validateStep). */
  validate: (form: F) => StepResult<T>;
  /** Saves the checked payload; a 400 answer's field errors are shown like the schema's own. */
  save: (value: T) => Promise<void>;
  /** What happens after a successful save; the flow's Next by default. */
  onSaved?: () => void;
}

/**
 * The one form mechanism of the step screens: the form's values, field errors keyed by payload
 * property, and one submit (validate with the domain schema → save → 400 field errors → focus the
 * first error → the flow's Next; any other failure → the flow's error page).
 */
export function useStepForm<F, T>({ slug, initial, validate, save, onSaved }: StepFormOptions<F, T>) {
  const flow = useFlow(slug);
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  // A ref, not state: two taps in the same frame must not both submit (SPEC.md §4).
  const submitting = useRef(false);

  const set = useCallback(<K extends keyof F>(key: K, value: F[K]) => setForm((f) => ({ ...f, [key]: value })), []);

  /** Shows field errors (a schema's, a 400's, or a screen's own) and focuses the first. */
  const showErrors = useCallback((list: readonly FieldError[]) => {
    setErrors(errorMap(list));
    focusFirstError();
  }, []);

  /** Removes the errors of some payload properties (a field the applicant has just corrected). */
  const clearErrors = useCallback((...keys: string[]) => {
    setErrors((e) => {
      if (!keys.some((k) => k in e)) return e;
      const rest = { ...e };
      for (const k of keys) delete rest[k];
      return rest;
    });
  }, []);

  /** Sets or removes one property's error without touching the others (a check when a field is left). */
  const setFieldError = useCallback((key: string, message: string | undefined) => {
    setErrors((e) => {
      if (e[key] === message) return e;
      const rest = { ...e };
      delete rest[key];
      return message === undefined ? rest : { ...rest, [key]: message };
    });
  }, []);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (submitting.current) return;
    const checked = validate(form);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    setErrors({});
    submitting.current = true;
    setPending(true);
    try {
      await save(checked.value);
      (onSaved ?? flow.next)();
    } catch (error) {
      submitting.current = false;
      setPending(false);
      if (isValidationFailure(error)) showErrors(validationErrors(error));
      else if (!(error instanceof ApiError && error.status === 401)) flow.toError();
    }
  }

  return {
    form,
    setForm,
    set,
    errors,
    showErrors,
    clearErrors,
    setFieldError,
    pending,
    /** The form's onSubmit. */
    onSubmit: (event: FormEvent) => void submit(event),
    flow,
  };
}
