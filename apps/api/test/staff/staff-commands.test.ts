import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/database.ts';
import { throttleKeys } from '../../src/services/staff/staff-throttle.ts';
import { forEachDialect } from '../helpers/databases.ts';

// The operator's commands (decisions 0201, 0202, 0204) as an operator runs them, on a SQLite file and
// on a PostgreSQL database of their own: `npm run staff -- create|unlock|reset-password|reset-second-factor`
// and `npm run audit:verify`.

const apiSrc = join(import.meta.dirname, '..', '..', 'src');

function run(script: string, args: string[], databaseUrl: string, env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [join(apiSrc, script), ...args], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATABASE_URL: databaseUrl, STAFF_PASSWORD_LOG_N: '10', ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

forEachDialect((dialect) => {
  it(
    'creates with a one-time password, refuses a common one, lifts throttling, resets password and second factor; audit:verify names a broken row',
    { timeout: 120_000 },
    async () => {
      const databaseUrl = await dialect.createDatabaseUrl();
      const staff = (args: string[], password?: string) => run('main-staff.ts', args, databaseUrl, password ? { STAFF_PASSWORD: password } : {});
      const member = ['--bank', '0587', '--login', 'ops.member'];

      expect(staff(['create', ...member, '--name', '運用 太郎', '--role', 'VIEWER'], 'qwertyuiop123')).toMatchObject({
        status: 2,
        out: expect.stringContaining('よく使われる'),
      });
      expect(staff(['create', ...member, '--name', '運用 太郎', '--role', 'VIEWER'], 'granite harbour window')).toMatchObject({ status: 0 });
      // The same id at another bank is another account (one namespace per bank).
      expect(staff(['create', '--bank', '0177', '--login', 'ops.member', '--name', '運用 花子', '--role', 'VIEWER'], 'granite harbour window')).toMatchObject({
        status: 0,
      });

      const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl });
      const db = await openDatabase(config.database);
      try {
        const row = await db.kysely
          .selectFrom('staffUsers')
          .selectAll()
          .where('bankCode', '=', '0587')
          .where('loginId', '=', 'ops.member')
          .executeTakeFirstOrThrow();
        expect(row.passwordChangeRequired).toBe(1);

        // A stranger's failures for this id, then the operator's unlock forgets them.
        const keys = throttleKeys(config.codeHashKey, { bankCode: '0587', loginId: 'ops.member', ipAddress: '10.9.9.9' });
        await db.kysely
          .insertInto('rateLimitEvents')
          .values([keys.accountAddress, keys.account, keys.address].map((key) => ({ key, at: Date.now() })))
          .execute();
        expect(staff(['unlock', ...member])).toMatchObject({ status: 0 });
        const left = await db.kysely
          .selectFrom('rateLimitEvents')
          .select('key')
          .where('key', 'in', [keys.accountAddress, keys.account, keys.address])
          .execute();
        expect(left.map((r) => r.key)).toEqual([keys.address]);

        await db.kysely.updateTable('staffUsers').set({ totpEnabledAt: 1, totpSecret: 'x', passwordChangeRequired: 0 }).where('id', '=', row.id).execute();
        expect(staff(['reset-password', ...member], 'copper kettle morning')).toMatchObject({ status: 0 });
        expect(staff(['reset-second-factor', ...member])).toMatchObject({ status: 0 });
        const after = await db.kysely.selectFrom('staffUsers').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
        expect(after).toMatchObject({ passwordChangeRequired: 1, totpEnabledAt: null, totpSecret: null });
        expect(after.passwordHash).not.toBe(row.passwordHash);
        expect(staff(['unlock', '--bank', '0181', '--login', 'ops.member'])).toMatchObject({ status: 1, out: expect.stringContaining('no staff') });

        const intact = run('main-audit-verify.ts', [], databaseUrl);
        expect(intact).toMatchObject({ status: 0, out: expect.stringMatching(/audit log intact: 5 rows .*head id 5 sha256 [0-9a-f]{64}/) });

        if (dialect.name === 'postgres') await sql`drop trigger audit_log_no_update_delete on audit_log`.execute(db.kysely);
        else await sql`drop trigger audit_log_no_update`.execute(db.kysely);
        await sql`update audit_log set staff_login_id = 'someone else' where id = 4`.execute(db.kysely);
        expect(run('main-audit-verify.ts', [], databaseUrl)).toMatchObject({ status: 1, out: expect.stringContaining('BROKEN at row id 4') });
      } finally {
        await db.close();
      }
    },
  );
});
