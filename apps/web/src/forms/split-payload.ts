/**
 * One checked payload split into the two calls a screen makes (the child's personal data and
 * workplace; the parent's personal data and workplace, SPEC.md §7): `keys` go to the second call
 * (null when absent), the rest to the first.
 */
export function splitPayload(
  value: Record<string, unknown>,
  keys: readonly string[],
): { first: Record<string, unknown>; second: Record<string, unknown> } {
  const first = { ...value };
  const second: Record<string, unknown> = {};
  for (const key of keys) {
    second[key] = value[key] ?? null;
    delete first[key];
  }
  return { first, second };
}
