import { buttonBarOnPage } from '../components/button-bar.tsx';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react';
import type { PageSlug } from '@koza/domain/flows';
import { errorMap } from '@koza/domain/steps/validate-step';
import type { FieldError, StepResult } from '@koza/domain/steps/validate-step';
import { ApiCallError } from '../api/client.ts';
import { validationErrors } from '../api/validation-errors.ts';
import { useFlow } from '../lib/flow.ts';

/**
 * The errors shown after a form changed. Only errors the schema gave (`fromSchema`) are re-checked against
 * the schema's errors now (`now`): one no longer reported is removed at once (the field was corrected);
 * with `full` (a text field was left, or a choice changed) one still reported takes its current message.
 * No error is added for a field the applicant has not been told about yet, and errors of a 400 or of the
 * screen stay until their own code clears them.
 */
export function recheckErrors(
  shown: Readonly<Record<string, string>>,
  now: Readonly<Record<string, string>>,
  fromSchema: ReadonlySet<string>,
  full: boolean,
): Record<string, string> {
  let changed = false;
  const next: Record<string, string> = { ...shown };
  for (const key of Object.keys(shown)) {
    if (!fromSchema.has(key)) continue;
    const message = now[key];
    if (message === undefined) {
      delete next[key];
      changed = true;
    } else if (full && message !== shown[key]) {
      next[key] = message;
      changed = true;
    }
  }
  return changed ? next : (shown as Record<string, string>);
}

/** Typing in these is checked when the field is left, not at each key (DESIGN.md: no error while typing). */
const isTyped = (target: EventTarget): boolean =>
  target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && !['checkbox', 'radio'].includes(target.type));

/**
 * After errors render, focus the first invalid control of the screen (DESIGN.md: focus on the first
 * error) and scroll so that it and its messages (aria-describedby) are in view above the sticky
 * button bar, never behind it.
 */
export function focusFirstError(): void {
  requestAnimationFrame(() => {
    const first = document.querySelector<HTMLElement>('main [aria-invalid="true"]');
    if (!first) return;
    first.focus({ preventScroll: true });
    const described = (first.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => (id ? document.getElementById(id) : null))
      .filter((el): el is HTMLElement => el !== null);
    const rects = [first, ...described].map((el) => el.getBoundingClientRect());
    const top = Math.min(...rects.map((r) => r.top));
    const bottom = Math.max(...rects.map((r) => r.bottom));
    const barTop = buttonBarOnPage()?.getBoundingClientRect().top ?? window.innerHeight;
    const air = 8;
    if (bottom > barTop - air) window.scrollBy({ top: Math.min(bottom - barTop + air, top - air) });
    else if (top < air) window.scrollBy({ top: top - air });
  });
}

/** True for a 400 with field errors: the screen shows them instead of leaving for the error page. */
export const isValidationFailure = (error: unknown): boolean => error instanceof ApiCallError && error.status === 400;

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
  // The keys whose shown error came from the schema (re-checked as the form changes), and whether the
  // next re-check may also change a message (a choice was made) or only remove corrected errors.
  const fromSchema = useRef(new Set<string>());
  const fullRecheck = useRef(false);
  const validateRef = useRef(validate);
  useLayoutEffect(() => {
    validateRef.current = validate;
  });

  const recheck = useCallback((values: F, full: boolean) => {
    if (fromSchema.current.size === 0) return;
    const checked = validateRef.current(values);
    const now = checked.ok ? {} : errorMap(checked.errors);
    // A key stays in fromSchema after its error went: harmless, since only shown errors are re-checked,
    // and another path that sets or clears that key's error takes it out (setFieldError, clearErrors).
    setErrors((shown) => recheckErrors(shown, now, fromSchema.current, full));
  }, []);

  // Every change of the form re-checks the errors shown: corrected ones go at once.
  useEffect(() => {
    const full = fullRecheck.current;
    fullRecheck.current = false;
    recheck(form, full);
  }, [form, recheck]);

  const set = useCallback(<K extends keyof F>(key: K, value: F[K]) => setForm((f) => ({ ...f, [key]: value })), []);

  /** Shows field errors (a schema's, a 400's, or a screen's own) and focuses the first. */
  const showErrors = useCallback((list: readonly FieldError[], schema = false) => {
    const shown = errorMap(list);
    fromSchema.current = new Set(schema ? Object.keys(shown) : []);
    setErrors(shown);
    focusFirstError();
  }, []);

  /** Removes the errors of some payload properties (a field the applicant has just corrected). */
  const clearErrors = useCallback((...keys: string[]) => {
    for (const k of keys) fromSchema.current.delete(k);
    setErrors((e) => {
      if (!keys.some((k) => k in e)) return e;
      const rest = { ...e };
      for (const k of keys) delete rest[k];
      return rest;
    });
  }, []);

  /** Sets or removes one property's error without touching the others (a check when a field is left). */
  const setFieldError = useCallback((key: string, message: string | undefined) => {
    // The screen's own check owns this key's error from now on: the schema re-check leaves it alone.
    fromSchema.current.delete(key);
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
      showErrors(checked.errors, true);
      return;
    }
    fromSchema.current.clear();
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
      else if (!(error instanceof ApiCallError && error.status === 401)) flow.toError();
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
    /**
     * The form's change and blur listeners (StepScreen's formEvents): a choice re-checks at once, a typed
     * field when it is left, so an error follows its field without waiting for the next 次へ.
     */
    formEvents: {
      onChange: (event: ChangeEvent<HTMLFormElement>) => {
        if (!isTyped(event.target)) fullRecheck.current = true;
      },
      onBlur: (event: FocusEvent<HTMLFormElement>) => {
        if (isTyped(event.target)) recheck(form, true);
      },
    },
    flow,
  };
}
