import { useCallback, useState } from 'react';
import { ApiProblem } from './api.ts';

/**
 * The errors of one form: the API's field messages under their fields (linked by aria-describedby),
 * any other failure as one message. `prefix` keeps the ids of two forms on a page apart.
 */
export function useFieldErrors(prefix: string) {
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const fail = useCallback((e: unknown, fallback: string) => {
    if (e instanceof ApiProblem && e.fieldErrors.length > 0) setFieldErrors(Object.fromEntries(e.fieldErrors.map((f) => [f.field, f.message])));
    else setError(e instanceof ApiProblem ? e.message : fallback);
  }, []);

  /** A check of the screen's own (e.g. two entries that must match) shown like the API's. */
  const showField = useCallback((name: string, text: string) => setFieldErrors({ [name]: text }), []);

  const reset = useCallback(() => {
    setFieldErrors({});
    setError(null);
  }, []);

  const id = (name: string) => `${prefix}-${name}`;
  /** Props of the input of a field: its id and, when it is wrong, the link to its message. */
  const input = (name: string) => ({
    id: id(name),
    name,
    'aria-invalid': Boolean(fieldErrors[name]),
    'aria-describedby': fieldErrors[name] ? `${id(name)}-error` : undefined,
  });
  const message = (name: string) =>
    fieldErrors[name] ? (
      <p id={`${id(name)}-error`} className="field-error">
        {fieldErrors[name]}
      </p>
    ) : null;

  return { error, fail, reset, showField, id, input, message };
}

/** A form's text value, trimmed. */
export const formText = (form: FormData, name: string): string => String(form.get(name) ?? '').trim();
