import { PostgresAdapter } from 'kysely';
import type { CreateTableBuilder, Kysely } from 'kysely';

// Small helpers so that each migration is written once for both dialects.
// Migrations see the database WITHOUT the CamelCasePlugin: names are snake_case here.

export const isPostgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** An auto-assigned integer primary key (append-only logs: outbox, page views, rate-limit events). */
export function addIdentity<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>, column = 'id') {
  return isPostgres(db)
    ? table.addColumn(column, 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Epoch milliseconds (docs/decisions/0011-timestamps.md). */
export const epochMs = 'bigint' as const;
