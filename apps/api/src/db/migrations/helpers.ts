import { PostgresAdapter, sql } from 'kysely';
import type { CreateTableBuilder, Kysely, RawBuilder } from 'kysely';

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

/**
 * The Japan day (`YYYY-MM-DD`) of an epoch-milliseconds column, in SQL: the page-view roll-up
 * (migration 030, page-views-repository.ts). Japan has no daylight saving time: +9 h is exact.
 */
export function japanDaySql(postgres: boolean, column: RawBuilder<unknown>): RawBuilder<string> {
  return postgres
    ? sql<string>`to_char(to_timestamp((${column} + 32400000) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`strftime('%Y-%m-%d', (${column} + 32400000) / 1000, 'unixepoch')`;
}
