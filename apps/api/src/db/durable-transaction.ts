import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

// A transaction whose COMMIT is on disk when it resolves (docs/decisions/0052-completion-numbers.md):
// an answer sent after it survives a crash of the process, the machine or the power.
//
// - SQLite: the connection runs with synchronous=NORMAL in WAL mode (db/node-sqlite.ts): COMMIT puts
//   the transaction's frames in the WAL file, and `db.flushed()` then fsyncs that file on the thread
//   pool, shared with every other commit waiting at the time (db/wal-sync.ts, decision 0177) — the
//   step saves' mechanism, so the event loop never blocks on the disk. The transaction is BEGIN
//   IMMEDIATE (our dialect), so writers are serialised.
// - PostgreSQL: COMMIT waits for the WAL flush with synchronous_commit=on (the default); SET LOCAL
//   makes sure of it even where a server or role turned it off.

export async function durableTransaction<T>(db: Db, body: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') {
    return db.kysely.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = on`.execute(trx);
      return body(trx);
    });
  }
  const result = await db.kysely.transaction().execute(body);
  await db.flushed();
  return result;
}
