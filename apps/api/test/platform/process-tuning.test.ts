import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { missingTuning, semiSpaceMiB } from '../../src/process-tuning.ts';
import { freePort } from '../helpers/ekyc-simulator.ts';
import { spawnInstance, waitUntilHealthy } from '../helpers/instances.ts';

// An API process runs with its memory tuning whoever starts it (decision 0180), and loads the
// reference data of a fresh database in a process of its own (decision 0181).

describe('what an API process lacks of its tuning', () => {
  it('is everything for a bare `node src/server.ts`', () => {
    const missing = missingTuning([], {});
    expect(missing?.execArgv).toEqual([`--max-semi-space-size=${semiSpaceMiB}`, '--liftoff-only']);
    expect(missing?.env).toEqual({
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
      NODE_COMPILE_CACHE: join(tmpdir(), 'node-compile-cache'),
    });
  });

  it('is nothing when the operator chose otherwise, on the command line or in the environment', () => {
    const env = {
      NODE_OPTIONS: '--max-semi-space-size=32 --no-liftoff',
      MALLOC_ARENA_MAX: '4',
      MALLOC_MMAP_THRESHOLD_: '65536',
      NODE_DISABLE_COMPILE_CACHE: '1',
    };
    expect(missingTuning([], env)).toBeNull();
    expect(missingTuning(['--max-semi-space-size=16', '--liftoff-only'], { ...env, NODE_OPTIONS: '' })).toBeNull();
  });
});

describe.runIf(process.platform === 'linux')('a real API process on a fresh SQLite database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'koza-tuning-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs tuned under its own pid, loads the postal table apart, and finds it loaded on restart', async () => {
    const databaseUrl = `sqlite:${join(dir, 'api.sqlite')}`;
    const first = spawnInstance({ name: 'fresh', port: await freePort(), databaseUrl });
    try {
      await waitUntilHealthy(first);
      const pid = Number(
        JSON.parse(
          first
            .output()
            .split('\n')
            .find((l) => l.includes('Server listening')) ?? '{}',
        ).pid,
      );
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      expect(cmdline).toContain(`--max-semi-space-size=${semiSpaceMiB}`);
      expect(cmdline).toContain('--liftoff-only');
      expect(cmdline.at(-2)).toMatch(/apps\/api\/src\/server\.ts$/);
      expect(readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')).toContain('MALLOC_ARENA_MAX=2');
      // The rows were written by another process (its log lines carry its own pid).
      const loaded = first
        .output()
        .split('\n')
        .find((l) => l.includes('reference data postal_codes: loaded'));
      expect(loaded).toBeDefined();
      expect(JSON.parse(loaded!).pid).not.toBe(pid);
    } finally {
      await first.stop();
    }
    const db = new DatabaseSync(join(dir, 'api.sqlite'), { readOnly: true });
    expect((db.prepare('select count(*) as n from postal_codes').get() as { n: number }).n).toBeGreaterThan(100_000);
    db.close();

    const again = spawnInstance({ name: 'restart', port: await freePort(), databaseUrl });
    try {
      await waitUntilHealthy(again);
      expect(again.output()).toContain('reference data: unchanged');
    } finally {
      await again.stop();
    }
  });
});
