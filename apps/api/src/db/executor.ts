import type { Kysely, Transaction } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

/** What a repository function runs its SQL on: the database, or a transaction a service opened. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** The query builder of a database or a transaction, so repository functions take either. */
export const executor = (db: Db | Executor): Executor => ('kysely' in db ? db.kysely : db);
