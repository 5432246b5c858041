import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { getJson } from './api.ts';
import { useFieldErrors } from './field-errors.tsx';

/**
 * One list screen of the back office (maintenance, notices, staff): its rows, loaded at once and again after
 * each change; the form's errors; the outcome of the last change. `change` runs a call and answers
 * whether it went through; its field errors go to the screen's form unless another form's are given.
 */
type FormErrors = Pick<ReturnType<typeof useFieldErrors>, 'fail' | 'reset'>;

export function useListScreen<T>(path: string, schema: z.ZodType<{ items: T[] }>, formPrefix: string) {
  const [items, setItems] = useState<T[] | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useFieldErrors(formPrefix);
  const { fail, reset } = form;

  const load = useCallback(async () => {
    try {
      setItems((await getJson(path, schema)).items);
    } catch (e) {
      fail(e, '読み込めませんでした。');
    }
  }, [path, schema, fail]);
  useEffect(() => {
    void load();
  }, [load]);

  const change = useCallback(
    async (call: () => Promise<void>, doneText: string, failText: string, errorsOf: FormErrors = { fail, reset }): Promise<boolean> => {
      reset();
      errorsOf.reset();
      setDone(null);
      try {
        await call();
      } catch (e) {
        errorsOf.fail(e, failText);
        return false;
      }
      setDone(doneText);
      await load();
      return true;
    },
    [reset, fail, load],
  );

  return { items, form, done, change };
}

/**
 * The outcome of the last change (a polite live region) and any failure (an alert). A new outcome
 * takes the focus, so a keyboard or screen-reader user lands on what just happened.
 */
export function Outcome({ done, error }: { done: string | null; error: string | null }) {
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  return (
    <>
      <div aria-live="polite">
        {done && (
          <p className="notice" ref={doneRef} tabIndex={-1}>
            {done}
          </p>
        )}
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
