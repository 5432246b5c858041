import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';

// Group commit for SQLite (docs/decisions/0177-durable-saves-group-commit.md). The connection runs in
// WAL mode with synchronous=NORMAL: COMMIT writes the transaction's frames into the WAL file (they
// survive a crash of the process) without waiting for the disk. An fsync of the WAL file afterwards
// puts every transaction committed before it on disk — what synchronous=FULL does at each COMMIT, but
// on libuv's thread pool instead of blocking the event loop, and one fsync for every commit that
// waits at the same time.

/**
 * `flushed()`: resolves when everything committed before the call is on disk. A call while an
 * fsync runs waits for the next one (the running one may have started before its commit); every
 * call meanwhile shares that next one.
 */
export function groupSync(sync: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const p = sync().finally(() => {
      if (running === p) running = null;
    });
    running = p;
    return p;
  };
  return () => {
    if (running === null) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
}

/**
 * fsync of `<path>-wal` (and once, of its folder: the WAL file's own directory entry). The file is
 * opened once and kept: SQLite never removes the WAL while a connection to it is open; after a
 * failure it is opened again on the next call.
 */
export function walFileSync(path: string): { sync(): Promise<void>; close(): Promise<void> } {
  let wal: FileHandle | null = null;
  let folderSynced = false;
  const sync = async () => {
    try {
      wal ??= await open(`${path}-wal`, 'r');
      await wal.sync();
    } catch (error) {
      const failed = wal;
      wal = null;
      await failed?.close().catch(() => undefined);
      throw error;
    }
    if (!folderSynced) {
      const folder = await open(dirname(path), 'r');
      try {
        await folder.sync();
      } finally {
        await folder.close();
      }
      folderSynced = true;
    }
  };
  const close = async () => {
    const kept = wal;
    wal = null;
    await kept?.close().catch(() => undefined);
  };
  return { sync, close };
}
