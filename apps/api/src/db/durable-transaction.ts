import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

// A transaction whose COMMIT is on disk when it resolves (docs/decisions/0052-completion-numbers.md):
// an answer sent after it survives a crash of the process, the machine or the power.
//
// - SQLite: the connection runs with synchronous=NORMAL in WAL mode (db/node-sqlite.ts), which
//   survives a crash of the process but may lose the last commits on power loss. For this
//   transaction the one connection is held (Kysely's connection(): nothing else runs on it
//   meanwhile), switched to synchronous=FULL (the WAL is fsynced at COMMIT), and switched back.
//   The transaction is BEGIN IMMEDIATE (our dialect), so writers are serialised.
// - PostgreSQL: COMMIT waits for the WAL flush with synchronous_commit=on (the default); SET LOCAL
//   makes sure of it even where a server or role turned it off.

export async function durableTransaction<T>(db: Db, body: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') {
    return db.kysely.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = on`.execute(trx);
      return body(trx);
    });
  }
  return db.kysely.connection().execute(async (connection) => {
    const before = await sql<{ synchronous: number }>`pragma synchronous`.execute(connection);
    const previous = Number(before.rows[0]?.synchronous ?? 1);
    await sql`pragma synchronous = full`.execute(connection);
    try {
      return await connection.transaction().execute(body);
    } finally {
      await sql.raw(`pragma synchronous = ${Number.isInteger(previous) ? previous : 1}`).execute(connection);
    }
  });
}
