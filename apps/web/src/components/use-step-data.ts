import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../api/client.ts';

/**
 * Loads what a screen needs on arrival (the saved application, lists). A failure goes to the error
 * page (SPEC.md §8); a 401 has already been sent to the session error by the client.
 */
export function useStepData<T>(load: (signal: AbortSignal) => Promise<T>, errorPath = '/error'): T | undefined {
  const navigate = useNavigate();
  const [data, setData] = useState<T>();
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setData(value);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) return;
        void navigate(errorPath, { replace: true });
      },
    );
    return () => controller.abort();
    // The loader is fixed for the screen's lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return data;
}

/** Handles a failed save or lookup: true when the caller should show 400 field errors itself. */
export function isValidationFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400;
}

/** After errors render, focus the first invalid control of the screen (DESIGN.md: focus on the first error). */
export function focusFirstError(): void {
  requestAnimationFrame(() => {
    const first = document.querySelector<HTMLElement>('main [aria-invalid="true"]');
    first?.focus();
  });
}

/** Field errors keyed by the payload property ('utilizationPurpose.0' counts as 'utilizationPurpose'). */
export function errorMap(errors: readonly { field: string; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { field, message } of errors) {
    const key = field.split('.')[0] ?? field;
    out[key] ??= message;
  }
  return out;
}
