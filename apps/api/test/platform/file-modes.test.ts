import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { expect, it } from 'vitest';
import { currentFormats, formatFileName } from '../../src/adapters/handover-format.ts';
import { postgresTool } from '../../src/db/backup.ts';
import { openDatabase, parseDatabaseUrl } from '../../src/db/database.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { runToExit } from '../helpers/instances.ts';
import { approveByTwo, createAdminApp, insertCompletedApplication, makeStaff, runExporter, signInStaff } from '../staff/admin-helpers.ts';

// Issue 32, finding 7: no file of personal data is readable by anyone but the service's user. The
// live SQLite database and its WAL, every backup (clear or encrypted) and the hand-over files are
// 0600 in folders that are 0700, whatever the umask of the process (here the usual 022); an encrypted
// backup never puts a clear copy of the database on disk, not even for a moment (the folder is
// watched while the real `npm run backup` runs).

const modeOf = (path: string) => statSync(path).mode & 0o777;
const octal = (path: string) => `${path}: ${modeOf(path).toString(8)}`;

function pgDumpInstalled(): boolean {
  return existsSync(postgresTool('pg_dump'));
}

/** Every name that appears in `dir` while `work` runs (inotify), and the names left at the end. */
async function namesSeenDuring(dir: string, work: () => Promise<void>): Promise<string[]> {
  const seen = new Set<string>();
  const watcher = watch(dir, (_event, name) => {
    // A change of the folder itself (its mode) is reported under the folder's own name.
    if (name && name !== basename(dir)) seen.add(name);
  });
  try {
    await work();
  } finally {
    watcher.close();
  }
  for (const name of readdirSync(dir)) seen.add(name);
  return [...seen].sort();
}

it('opens the embedded database 0600 in a folder created 0700, its WAL and shared memory too, and narrows a file an older version left 0644', async () => {
  const root = mkdtempSync(join(tmpdir(), 'koza-modes-'));
  const path = join(root, 'var', 'koza.sqlite');
  const db = await openDatabase({ dialect: 'sqlite', path });
  try {
    await db.kysely.schema.createTable('probe').addColumn('x', 'text').execute();
    await db.kysely
      .insertInto('probe' as never)
      .values({ x: 'written' } as never)
      .execute();
    for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(modeOf(file), octal(file)).toBe(0o600);
    expect(modeOf(join(root, 'var')), octal(join(root, 'var'))).toBe(0o700);
  } finally {
    await db.close();
  }

  const older = join(root, 'older.sqlite');
  copyFileSync(path, older);
  chmodSync(older, 0o644);
  const reopened = await openDatabase({ dialect: 'sqlite', path: older });
  await reopened.close();
  expect(modeOf(older), octal(older)).toBe(0o600);
});

forEachDialect((dialect) => {
  it('writes backups, encrypted or not, 0600 in a folder made 0700, with no clear copy of the database on the way', async (ctx) => {
    if (dialect.name === 'postgres' && !pgDumpInstalled()) {
      if (process.env.REQUIRE_POSTGRES) throw new Error('pg_dump is not installed (apt-get install postgresql-client-15)');
      ctx.skip();
    }
    const url = await dialect.createDatabaseUrl();
    const parent = mkdtempSync(join(tmpdir(), 'koza-backup-modes-'));
    const dir = join(parent, 'backups');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755); // as an older version or an operator left it
    const env = { NODE_ENV: 'development', LOG_LEVEL: 'warn', DATABASE_URL: url, BACKUP_DIR: dir };
    const suffix = dialect.name === 'sqlite' ? 'sqlite' : 'pgdump';

    const encrypted = await namesSeenDuring(dir, async () => {
      const run = await runToExit(['apps/api/src/main-backup.ts'], { ...env, BACKUP_ENCRYPTION_KEY: randomBytes(32).toString('base64') }, 120_000);
      expect(run.code, run.output).toBe(0);
    });
    expect(encrypted).toHaveLength(1);
    expect(encrypted[0]).toMatch(new RegExp(`^koza-${dialect.name}-\\d{8}T\\d{6}Z\\.${suffix}\\.enc$`));
    expect(modeOf(join(dir, encrypted[0]!)), octal(join(dir, encrypted[0]!))).toBe(0o600);
    expect(modeOf(dir), octal(dir)).toBe(0o700);

    // Unencrypted (a target that encrypts at rest itself): still the user's alone. A second later,
    // so that the name differs from the first.
    const clear = await namesSeenDuring(dir, async () => {
      const first = statSync(join(dir, encrypted[0]!)).mtimeMs;
      while (Math.floor(Date.now() / 1000) === Math.floor(first / 1000)) await new Promise((r) => setTimeout(r, 50));
      const run = await runToExit(['apps/api/src/main-backup.ts'], { ...env, BACKUP_ENCRYPTION_KEY: '' }, 120_000);
      expect(run.code, run.output).toBe(0);
    });
    const plain = clear.find((name) => name.endsWith(`.${suffix}`));
    expect(clear).toEqual([...[encrypted[0]!, plain!]].sort());
    expect(modeOf(join(dir, plain!)), octal(join(dir, plain!))).toBe(0o600);

    // Restored, the embedded database is the user's alone too.
    if (dialect.name === 'sqlite') {
      const target = join(parent, 'restored', 'koza.sqlite');
      mkdirSync(join(parent, 'restored'), { mode: 0o700 });
      const restore = await runToExit(['apps/api/src/main-restore.ts', join(dir, plain!)], { ...env, DATABASE_URL: `sqlite:${target}` }, 120_000);
      expect(restore.code, restore.output).toBe(0);
      expect(modeOf(target), octal(target)).toBe(0o600);
      const db = await openDatabase(parseDatabaseUrl(`sqlite:${target}`, parent));
      await db.close();
      expect(readdirSync(join(parent, 'restored')).every((name) => modeOf(join(parent, 'restored', name)) === 0o600)).toBe(true);
    }
  }, 240_000);

  it('hands approvals over in a file 0600 in folders 0700, narrowing a bank folder an older version left wider', async () => {
    const db = await dialect.createDb();
    const app = await createAdminApp(db);
    try {
      const bankDir = join(app.handoverDir, '0177');
      mkdirSync(bankDir, { mode: 0o755 });
      chmodSync(bankDir, 0o755);
      const application = await insertCompletedApplication(app);
      const proposer = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      const approver = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      expect((await approveByTwo(proposer, approver, application.id)).statusCode).toBe(200);
      await runExporter(app);
      const file = join(bankDir, formatFileName(currentFormats.account, '0177', app.clock.now().getTime()));
      expect(modeOf(file), octal(file)).toBe(0o600);
      expect(modeOf(bankDir), octal(bankDir)).toBe(0o700);
      expect(modeOf(app.handoverDir), octal(app.handoverDir)).toBe(0o700);
    } finally {
      await app.close();
    }
  });
});
