import { useEffect, useRef } from 'react';

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
