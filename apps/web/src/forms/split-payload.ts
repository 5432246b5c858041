/**
 * One checked payload split into the two calls a screen makes (the child's personal data and
 * workplace; the parent's personal data and workplace, SPEC.md §7): `keys` go to the second call,
 * the rest to the first.
 */
export function splitPayload<T extends object, K extends keyof T>(value: T, keys: readonly K[]): { first: Omit<T, K>; second: Pick<T, K> } {
  const first: Partial<T> = { ...value };
  const second = {} as Pick<T, K>;
  for (const key of keys) {
    second[key] = value[key];
    delete first[key];
  }
  return { first: first as Omit<T, K>, second };
}
