// Step schemas depend on a small context (the bank, the application type, today's date, the chosen
// occupation's requirement). Building a zod schema costs 0.7–1.8 ms and leaves garbage; validating
// with a built one costs 36–110 µs (issue 13's profile). So each distinct context builds its schema
// once and keeps it (docs/decisions/0121-api-hot-paths.md). The key space is tiny (3 banks × 2 types
// × today, a handful of occupation requirements); the bound only keeps a long-running process from
// collecting one schema per day forever.

const maxEntries = 64;

/** `build(context)` memoised by `keyOf(context)`; the oldest entry goes when the bound is reached. */
export function memoised<C, S>(keyOf: (context: C) => string, build: (context: C) => S): (context: C) => S {
  const cache = new Map<string, S>();
  return (context) => {
    const key = keyOf(context);
    let schema = cache.get(key);
    if (schema === undefined) {
      schema = build(context);
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string);
      cache.set(key, schema);
    }
    return schema;
  };
}
