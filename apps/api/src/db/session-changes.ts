import type { DatabaseSync } from 'node:sqlite';
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import pg from 'pg';

// When may a session kept in memory have ended? (docs/decisions/0176-session-cache.md)
// A counter that moves whenever a session may have been revoked or deleted:
// - by this process: every UPDATE of auth_sessions that sets more than last_seen_at, every DELETE
//   from it (a Kysely plugin sees the query before it runs);
// - by another process on SQLite: PRAGMA data_version changes when another connection committed;
// - by another instance on PostgreSQL: the trigger of migration 040 notifies `koza_auth_sessions` at
//   COMMIT, and one LISTEN connection per instance hears it.
// `epoch()` is null while that cannot be known (the LISTEN connection not up yet, or lost): nothing
// may then be taken from memory.

export interface SessionChanges {
  epoch(): number | null;
  close(): Promise<void>;
}

export const sessionChangesChannel = 'koza_auth_sessions';

/** Counts this process's writes that may end a session (see above). */
export class SessionWritesPlugin implements KyselyPlugin {
  count = 0;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (node.kind === 'UpdateQueryNode') {
      if (isSessionsTable(node.table) && (node.updates ?? []).some((u) => columnName(u.column) !== 'lastseenat')) this.count++;
    } else if (node.kind === 'DeleteQueryNode') {
      if (node.from.froms.some(isSessionsTable)) this.count++;
    } else if (node.kind === 'RawNode') {
      if (node.sqlFragments.some((f) => /auth_?sessions/i.test(f) && !/^\s*select/i.test(f))) this.count++;
    }
    return node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

const normalised = (name: string): string => name.replaceAll('_', '').toLowerCase();

function isSessionsTable(node: OperationNode | undefined): boolean {
  if (node === undefined) return false;
  if (node.kind === 'AliasNode') return isSessionsTable((node as unknown as { node: OperationNode }).node);
  if (node.kind !== 'TableNode') return false;
  const table = (node as unknown as { table: { identifier: { name: string } } }).table;
  return normalised(table.identifier.name) === 'authsessions';
}

function columnName(node: OperationNode): string {
  const column = (node as unknown as { column?: { name?: string } }).column;
  return typeof column?.name === 'string' ? normalised(column.name) : '';
}

/**
 * SQLite: this process's writes, and any commit by another connection to the file. PRAGMA
 * data_version (~5 µs) is read at most once per turn of the event loop: the requests handled in
 * one turn share it (read again after setImmediate).
 */
export function sqliteSessionChanges(raw: DatabaseSync, writes: SessionWritesPlugin): SessionChanges {
  const dataVersion = raw.prepare('PRAGMA data_version');
  dataVersion.setReturnArrays(true); // 4.6 µs a call against 7.6 µs with a row object
  let seen: unknown;
  let others = 0;
  let readThisTurn = false;
  const nextTurn = () => {
    readThisTurn = false;
  };
  return {
    epoch() {
      if (!raw.isOpen) return null;
      if (!readThisTurn) {
        readThisTurn = true;
        setImmediate(nextTurn);
        const current = (dataVersion.get() as unknown as [number])[0];
        if (current !== seen) {
          seen = current;
          others++;
        }
      }
      return writes.count + others;
    },
    close: async () => undefined,
  };
}

/**
 * PostgreSQL: this process's writes and the notifications of every instance's commits. The LISTEN
 * connection opens on the first call; while it is not listening, epoch() is null; when it fails it
 * is opened again on a call at least `retryMs` later.
 */
export function postgresSessionChanges(connectionString: string, writes: SessionWritesPlugin, retryMs = 1000): SessionChanges {
  let heard = 0;
  let state: 'idle' | 'connecting' | 'listening' | 'waiting' | 'closed' = 'idle';
  let client: pg.Client | null = null;

  const start = () => {
    state = 'connecting';
    const c = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: 3000 });
    client = c;
    const fail = () => {
      if (client !== c) return;
      client = null;
      heard++; // notifications may have been missed
      if (state !== 'closed') {
        state = 'waiting';
        setTimeout(() => state === 'waiting' && (state = 'idle'), retryMs).unref();
      }
      void c.end().catch(() => undefined);
    };
    c.on('error', fail);
    c.on('end', fail);
    c.on('notification', () => void heard++);
    c.connect()
      .then(() => c.query(`LISTEN ${sessionChangesChannel}`))
      .then(() => {
        if (client !== c || state !== 'connecting') return;
        heard++;
        state = 'listening';
      }, fail);
  };

  return {
    epoch() {
      if (state === 'listening') return writes.count + heard;
      if (state === 'idle') start();
      return null;
    },
    async close() {
      state = 'closed';
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
