import { useEffect } from 'react';

// A prerendered page is readable, and its choices can be tapped, before the app has started
// (docs/decisions/0218-app-starts-after-the-first-paint.md). React hydrates a controlled radio or
// checkbox to the value it renders, which is the server's (unanswered): a tap made before hydration
// would be undone silently. So, just before hydrating, the app reads which choices the applicant has
// already changed, by the input's name (from useId, the same on the server and in the browser), and
// each choice adopts its early value once mounted (docs/decisions/0245-choices-made-before-the-app-starts.md).

const earlyValues = new Map<string, string | boolean>();

/**
 * Records, under `root`, each radio group whose checked choice differs from the HTML (by name: the
 * checked value) and each checkbox whose tick differs (by name: checked or not). Call it right before
 * hydrateRoot.
 */
export function captureEarlyInput(root: ParentNode): void {
  earlyValues.clear();
  for (const input of root.querySelectorAll<HTMLInputElement>('input[type="radio"][name], input[type="checkbox"][name]')) {
    if (input.checked === input.defaultChecked) continue;
    if (input.type === 'checkbox') earlyValues.set(input.name, input.checked);
    else if (input.checked) earlyValues.set(input.name, input.value);
  }
}

/** The early value of a name, taken once (a later mount of the same name starts from its state). */
function takeEarlyValue(name: string): string | boolean | undefined {
  const value = earlyValues.get(name);
  earlyValues.delete(name);
  return value;
}

/**
 * Gives a choice the value the applicant set before the app started, once, after hydration. It is
 * applied after the effects of the same commit (a microtask): the screen's own restoring effects
 * (hydration.ts) run first, so the applicant's tap, the most recent thing they did, wins.
 */
export function useEarlyInput<T extends string | boolean>(name: string, accept: (value: unknown) => value is T, apply: (value: T) => void): void {
  useEffect(() => {
    const value = takeEarlyValue(name);
    if (value !== undefined && accept(value)) queueMicrotask(() => apply(value));
    // Once, on mount: `apply` is the handler of the render that hydrated.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name]);
}
