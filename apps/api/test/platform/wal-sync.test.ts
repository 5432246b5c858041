import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupSync, walFileSync } from '../../src/db/wal-sync.ts';

// Group commit on SQLite (docs/decisions/0177-durable-saves-group-commit.md): a save waits for an
// fsync of the WAL that started after its COMMIT; saves waiting at the same time share one.

/** A sync that finishes when told to, recording when each one started. */
function controlledSync() {
  const started: { finish(): void; fail(error: Error): void }[] = [];
  const sync = () =>
    new Promise<void>((resolve, reject) => {
      started.push({ finish: resolve, fail: reject });
    });
  return { started, sync };
}

describe('groupSync', () => {
  it('starts an fsync at once when none runs', async () => {
    const c = controlledSync();
    const flushed = groupSync(c.sync);
    const first = flushed();
    expect(c.started).toHaveLength(1);
    c.started[0]!.finish();
    await first;
  });

  it('makes every caller during a running fsync wait for one more, shared by all of them', async () => {
    const c = controlledSync();
    const flushed = groupSync(c.sync);
    const done: string[] = [];
    const first = flushed().then(() => done.push('first'));
    const later = [flushed(), flushed(), flushed()].map((p, i) => p.then(() => done.push(`later ${i}`)));
    expect(c.started).toHaveLength(1); // the next one waits until the running one ends

    c.started[0]!.finish();
    await first;
    await new Promise((r) => setImmediate(r));
    expect(done).toEqual(['first']); // the running fsync may have started before their COMMITs
    expect(c.started).toHaveLength(2);

    c.started[1]!.finish();
    await Promise.all(later);
    expect(done).toEqual(['first', 'later 0', 'later 1', 'later 2']);
    expect(c.started).toHaveLength(2);
  });

  it('refuses the callers of a failed fsync and starts afresh on the next call', async () => {
    const c = controlledSync();
    const flushed = groupSync(c.sync);
    const failing = flushed();
    c.started[0]!.fail(new Error('EIO'));
    await expect(failing).rejects.toThrow('EIO');
    const next = flushed();
    expect(c.started).toHaveLength(2);
    c.started[1]!.finish();
    await next;
  });
});

describe('walFileSync', () => {
  it("syncs the database's WAL file, and fails when there is none", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'koza-wal-'));
    const path = join(dir, 'db.sqlite');
    const wal = walFileSync(path);
    await expect(wal.sync()).rejects.toThrow(/ENOENT/);
    writeFileSync(`${path}-wal`, 'frames');
    await expect(wal.sync()).resolves.toBeUndefined(); // opened again after the failure
    await expect(wal.sync()).resolves.toBeUndefined();
    await wal.close();
  });
});
