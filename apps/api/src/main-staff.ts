import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { isBankCode } from '@koza/domain/constants';
import { staffCreateBodySchema } from '@koza/domain/api/admin';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { appendAudit } from './db/repositories/audit-repository.ts';
import { createStaff } from './services/staff-auth.ts';

// `npm run staff -- create --bank 0177 --login admin.fukuoka --name "管理 太郎" [--role ADMIN]`
// creates a staff account (the first ADMIN of a bank; the others are created in the back office).
// The password is read from STAFF_PASSWORD or asked for on the terminal: never an argument (it
// would stay in the shell history and the process list). Uses DATABASE_URL like the server.

const usage = 'usage: npm run staff -- create --bank <0177|0587|0181> --login <login id> --name <display name> [--role ADMIN|REVIEWER|VIEWER]';

async function readPassword(): Promise<string> {
  if (process.env.STAFF_PASSWORD) return process.env.STAFF_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  try {
    return (await rl.question('password (12 characters or more): ')).trim();
  } finally {
    rl.close();
  }
}

try {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { bank: { type: 'string' }, login: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', default: 'ADMIN' } },
  });
  if (positionals[0] !== 'create' || !values.bank || !values.login || !values.name) {
    console.error(usage);
    process.exit(2);
  }
  if (!isBankCode(values.bank)) {
    console.error(`unknown bank code ${values.bank}\n${usage}`);
    process.exit(2);
  }
  const input = staffCreateBodySchema.safeParse({ loginId: values.login, displayName: values.name, role: values.role, password: await readPassword() });
  if (!input.success) {
    console.error(input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
    process.exit(2);
  }
  const config = loadConfig();
  const db = await openDatabase(config.database);
  try {
    await migrateToLatest(db);
    const now = Date.now();
    const created = await createStaff({ db, passwordLogN: config.staffPasswordLogN }, { ...input.data, bankCode: values.bank, now });
    if (!created) {
      console.error(`login id ${input.data.loginId} is taken`);
      process.exit(1);
    }
    await appendAudit(db, {
      at: now,
      bankCode: created.bankCode,
      staffId: null,
      staffLoginId: 'command-line',
      action: 'CREATE_STAFF',
      applicationId: null,
      applicationNumber: null,
      detail: `${created.loginId} ${created.role}`,
      ipAddress: 'local',
    });
    console.log(`created ${created.role} ${created.loginId} for bank ${created.bankCode}`);
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error);
  process.exit(1);
}
