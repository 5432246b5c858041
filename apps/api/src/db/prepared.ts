import { createQueryId, PostgresAdapter } from 'kysely';
import type { Compilable, Kysely, QueryResult, RootOperationNode } from 'kysely';
import type { Database } from './schema.ts';

// Queries on the hot paths built once (docs/decisions/0178-prepared-queries.md). Building a Kysely
// query and compiling it (with the CamelCasePlugin rewriting every name) costs 14 µs for a select by
// id, 54 µs for a join, 72 µs for the 30-column UPDATE of the personal save — more than running it on
// SQLite. A prepared query is built once per dialect (and shape key) with placeholder strings for its
// arguments; afterwards only the parameter list is made. The result goes through the plugins' result
// transformation as usual (camelCase names).
//
// Rules: an argument may only be used as a value (`where x = arg`, `set col = arg`), never as a
// name, a shape or a limit; every argument must appear in the compiled parameters (checked at each
// call: a few array look-ups).
// Never for writes to auth_sessions: those must go through the builder, where db/session-changes.ts
// sees them (checked).

type Executor = Kysely<Database>;

const placeholderPrefix = '\u0000koza-prepared-';
/** The placeholder of argument `i`: a string no caller sends (it starts with a NUL byte). */
const placeholder = (i: number): string => `${placeholderPrefix}${i}`;
const argumentOf = (p: unknown): number => (typeof p === 'string' && p.startsWith(placeholderPrefix) ? Number(p.slice(placeholderPrefix.length)) : -1);

interface Compiled {
  sql: string;
  query: RootOperationNode;
  /** For each compiled parameter: the index of the argument it takes, or -1 for a constant. */
  slots: number[];
  constants: unknown[];
}

const dialectOf = (k: Executor): string => (k.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');

/**
 * `build(k, arg, shapeKey)` → a function `(executor, args, shapeKey?)` running that query with
 * `args`, where `build` wrote `arg(i)` for `args[i]`. `shapeKey` names a shape `build` makes from
 * something other than the arguments (e.g. the columns an UPDATE sets); default: one shape.
 */
export function prepared<R>(build: (k: Executor, arg: (i: number) => string, shapeKey: string) => Compilable<R>) {
  const compiled = new Map<string, Compiled>();
  const compile = (k: Executor, shapeKey: string): Compiled => {
    const q = build(k, placeholder, shapeKey).compile();
    if (/auth_sessions/i.test(q.sql) && !/^\s*select/i.test(q.sql)) throw new Error('prepared(): writes to auth_sessions must use the query builder');
    const slots = q.parameters.map(argumentOf);
    return { sql: q.sql, query: q.query, slots, constants: [...q.parameters] };
  };
  return async (k: Executor, args: readonly unknown[], shapeKey = ''): Promise<QueryResult<R>> => {
    const key = `${dialectOf(k)}\u0000${shapeKey}`;
    let c = compiled.get(key);
    if (c === undefined) {
      c = compile(k, shapeKey);
      compiled.set(key, c);
    }
    const { slots, constants } = c;
    for (let i = 0; i < args.length; i++) if (!slots.includes(i)) throw new Error(`prepared(): argument ${i} is not a parameter of ${c.sql}`);
    const parameters = slots.map((slot, i) => (slot === -1 ? constants[i] : args[slot]));
    return k.executeQuery<R>({ sql: c.sql, query: c.query, parameters, queryId: createQueryId() });
  };
}
