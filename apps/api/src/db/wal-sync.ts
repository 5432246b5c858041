import { open } from 'node:fs/promises';
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

/** fsync of `<path>-wal` (and once, of its folder: the WAL file's own directory entry). */
export function walFileSync(path: string): () => Promise<void> {
  let folderSynced = false;
  const fsyncOf = async (file: string) => {
    const handle = await open(file, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  };
  return async () => {
    await fsyncOf(`${path}-wal`);
    if (!folderSynced) {
      await fsyncOf(dirname(path));
      folderSynced = true;
    }
  };
}
