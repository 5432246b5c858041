import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { errorMap, validateStep } from '@koza/domain/steps/validate-step';
import { ApiProblem } from './api.ts';

// The back office's form mechanism, the applicant web's (apps/web forms/use-step-form.ts) in a
// staff screen: controlled values, the domain's zod schema run in the browser with validateStep,
// errors keyed by payload property (errorMap), focus on the first error, then the call (a TanStack
// mutation); a 400's field errors are shown like the schema's, any other failure as one message.

type Values = Record<string, string>;

interface FormOptions<F extends Values, S extends z.ZodType> {
  /** Keeps the ids of two forms of one screen apart. */
  prefix: string;
  initial: F;
  /** The domain's schema of the call's body: the API parses the very same one. */
  schema: S;
  /** The body sent for the values (what the schema reads); the values themselves by default. */
  body?: (values: F) => unknown;
  /** The call; it gets the body as sent (the API parses it again) and the schema's output. */
  save: (body: unknown, checked: z.output<S>) => Promise<unknown>;
  /** After a successful call (e.g. the screen's outcome message); the form returns to `initial`. */
  onSaved?: () => void;
  /** The message of a failure that is not about a field. */
  failText: string;
  /**
   * An irreversible change (publishing): a valid form is not sent at once; `confirming` turns true
   * and the screen shows its ConfirmDialog, whose confirm calls `proceed` and cancel `stopConfirming`.
   */
  confirmFirst?: boolean;
}

export function useForm<F extends Values, S extends z.ZodType>({
  prefix,
  initial,
  schema,
  body,
  save,
  onSaved,
  failText,
  confirmFirst = false,
}: FormOptions<F, S>) {
  const [values, setValues] = useState<F>(initial);
  const [awaiting, setAwaiting] = useState<{ sent: unknown; checked: z.output<S> } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Set when errors were just shown: the next render moves focus to the first one (DESIGN.md).
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const mutation = useMutation({
    mutationFn: ({ sent, checked }: { sent: unknown; checked: z.output<S> }) => save(sent, checked),
  });

  const showErrors = useCallback((shown: Record<string, string>) => {
    focusPending.current = Object.keys(shown).length > 0;
    setErrors(shown);
  }, []);

  const set = useCallback(<K extends keyof F>(name: K, value: F[K]) => setValues((v) => ({ ...v, [name]: value })), []);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (mutation.isPending) return;
    setError(null);
    const sent = body ? body(values) : values;
    const checked = validateStep(schema, sent);
    if (!checked.ok) {
      showErrors(errorMap(checked.errors));
      return;
    }
    showErrors({});
    if (confirmFirst) setAwaiting({ sent, checked: checked.value });
    else send({ sent, checked: checked.value });
  }

  function send(variables: { sent: unknown; checked: z.output<S> }) {
    mutation.mutate(variables, {
      onSuccess: () => {
        setAwaiting(null);
        setValues(initial);
        onSaved?.();
      },
      onError: (e) => {
        setAwaiting(null);
        if (e instanceof ApiProblem && e.fieldErrors.length > 0) showErrors(errorMap(e.fieldErrors));
        else setError(e instanceof ApiProblem ? e.message : failText);
      },
    });
  }

  const id = (name: keyof F & string) => `${prefix}-${name}`;
  /** Props of a field's input, select or textarea: id, name, value, change, and the link to its error. */
  const field = (name: keyof F & string) => ({
    id: id(name),
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => set(name, e.target.value as F[typeof name]),
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `${id(name)}-error` : undefined,
  });
  const message = (name: keyof F & string) =>
    errors[name] ? (
      <p id={`${id(name)}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;

  return {
    values,
    set,
    setValues,
    errors,
    error,
    pending: mutation.isPending,
    formRef,
    onSubmit,
    id,
    field,
    message,
    confirming: awaiting !== null,
    proceed: () => awaiting && send(awaiting),
    stopConfirming: () => setAwaiting(null),
  };
}
