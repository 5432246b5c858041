import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { bankCodes, isBankCode, type BankCode } from '@koza/domain/constants';
import { staffCreateBodySchema, staffPasswordResetBodySchema } from '@koza/domain/api/admin';
import { ConfigError, loadConfig } from './config.ts';
import type { Db } from './db/database.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { clearTotp, findStaffByLoginId, revokeSessionsOfStaff, setStaffPassword, unlockStaff } from './db/repositories/staff-repository.ts';
import type { AuditAction } from '@koza/domain/admin/rules';
import { countActiveAdmins, leaveFourEyes } from './db/repositories/staff-confirmation-repository.ts';
import { closeBreakGlass, openBreakGlass } from './db/repositories/staff-oidc-repository.ts';
import { audit } from './services/staff/audit.ts';
import { withdrawProposalsOf } from './services/staff/review.ts';
import { createStaff } from './services/staff/staff-auth.ts';
import { passwordPolicyMessage } from './services/staff/staff-password-policy.ts';
import { hashPassword } from './services/staff/staff-passwords.ts';
import { forgetAccountThrottle } from './services/staff/staff-throttle.ts';

// The operator's staff commands (docs/decisions/0164, 0201, 0202), on DATABASE_URL like the server:
//   npm run staff -- create --bank 0177 --login admin.fukuoka --name "管理 太郎" [--role ADMIN]
//   npm run staff -- unlock --bank 0177 --login …               (forgets the sign-in throttle's counts)
//   npm run staff -- reset-password --bank 0177 --login …       (a one-time password; sessions end)
//   npm run staff -- reset-second-factor --bank 0177 --login …  (enrols again at next sign-in; sessions end)
//   npm run staff -- single-admin --bank 0177                   (back to one-ADMIN mode: decision 0233)
//   npm run staff -- break-glass --bank 0177 --hours 4          (local sign-in for every member while the
//   npm run staff -- break-glass --bank 0177 --end               bank's identity provider is down: decision 0253)
// Once a bank has had two ADMINs (four-eyes mode), only this command takes it back to one-ADMIN
// mode, and only while it has fewer than two active ADMINs: no screen of the back office can.
// A password is read from STAFF_PASSWORD or asked for on the terminal: never an argument (it would
// stay in the shell history and the process list). It is good for one sign-in, which changes it.

const banks = `<${bankCodes.join('|')}>`;
const usage = [
  `usage: npm run staff -- create --bank ${banks} --login <login id> --name <display name> [--role ADMIN|REVIEWER|VIEWER]`,
  `       npm run staff -- unlock|reset-password|reset-second-factor --bank ${banks} --login <login id>`,
  `       npm run staff -- single-admin --bank ${banks}`,
  `       npm run staff -- break-glass --bank ${banks} (--hours <1-24> | --end)`,
].join('\n');

async function readPassword(): Promise<string> {
  if (process.env.STAFF_PASSWORD) return process.env.STAFF_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  try {
    return (await rl.question('one-time password (12 characters or more; changed at first sign-in): ')).trim();
  } finally {
    rl.close();
  }
}

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

async function checkedPassword(loginId: string): Promise<string> {
  const parsed = staffPasswordResetBodySchema.safeParse({ password: await readPassword() });
  if (!parsed.success) fail(parsed.error.issues.map((i) => `password: ${i.message}`).join('\n'));
  const refused = await passwordPolicyMessage(parsed.data.password, { loginId });
  if (refused !== null) fail(`password: ${refused}`);
  return parsed.data.password;
}

const commandLine = (bankCode: BankCode) => ({ staffId: null, loginId: 'command-line', bankCode, ipAddress: 'local' });

async function changeMember(
  db: Db,
  bankCode: BankCode,
  loginId: string,
  action: AuditAction,
  change: (id: string, now: number) => Promise<void>,
): Promise<void> {
  const row = await findStaffByLoginId(db, bankCode, loginId);
  if (!row) fail(`no staff ${loginId} at bank ${bankCode}`, 1);
  const now = Date.now();
  await change(row.id, now);
  await audit(db, commandLine(bankCode), action, now, { detail: row.loginId });
}

try {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      bank: { type: 'string' },
      login: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', default: 'ADMIN' },
      hours: { type: 'string' },
      end: { type: 'boolean', default: false },
    },
  });
  const command = positionals[0];
  if (!command || !['create', 'unlock', 'reset-password', 'reset-second-factor', 'single-admin', 'break-glass'].includes(command) || !values.bank) fail(usage);
  if (command !== 'single-admin' && command !== 'break-glass' && !values.login) fail(usage);
  const hours = Number(values.hours);
  if (command === 'break-glass' && !values.end && !(Number.isInteger(hours) && hours >= 1 && hours <= 24)) fail(usage);
  if (!isBankCode(values.bank)) fail(`unknown bank code ${values.bank}\n${usage}`);
  const bankCode = values.bank;
  const loginId = values.login ?? '';
  let createInput: { loginId: string; displayName: string; role: 'ADMIN' | 'REVIEWER' | 'VIEWER'; password: string } | null = null;
  let newPassword: string | null = null;
  if (command === 'create') {
    const input = staffCreateBodySchema.safeParse({ loginId, displayName: values.name ?? '', role: values.role, password: await readPassword() });
    if (!input.success) fail(input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
    const refused = await passwordPolicyMessage(input.data.password, input.data);
    if (refused !== null) fail(`password: ${refused}`);
    createInput = input.data;
  } else if (command === 'reset-password') {
    newPassword = await checkedPassword(loginId);
  }
  const config = loadConfig();
  const db = await openDatabase(config.database);
  try {
    await migrateToLatest(db);
    if (command === 'break-glass') {
      // The bank's provider is down: every member may sign in with their local password and second
      // factor until the window ends (STAFF_LOCAL_SIGN_IN_<code>=off otherwise keeps them out; decision 0253).
      const now = Date.now();
      if (values.end) {
        const was = await closeBreakGlass(db, bankCode, now);
        await audit(db, commandLine(bankCode), 'BREAK_GLASS', now, { detail: `${bankCode} end` });
        console.log(was ? `bank ${bankCode}: local sign-in back to its configuration` : `bank ${bankCode} had no break-glass window open`);
      } else {
        const until = now + hours * 3_600_000;
        await openBreakGlass(db, bankCode, now, until);
        await audit(db, commandLine(bankCode), 'BREAK_GLASS', now, { detail: `${bankCode} ${hours}h until ${new Date(until).toISOString()}` });
        console.log(`bank ${bankCode}: every member may sign in locally until ${new Date(until).toISOString()} (each such sign-in is audited as break-glass)`);
      }
    } else if (command === 'single-admin') {
      // Not while two ADMINs can act: the mode would come back at their next change anyway.
      if ((await countActiveAdmins(db, bankCode)) >= 2) fail(`bank ${bankCode} has two or more active ADMINs: stop one first (a second ADMIN confirms it)`, 1);
      if (!(await leaveFourEyes(db, bankCode))) fail(`bank ${bankCode} is not in four-eyes mode`, 1);
      await audit(db, commandLine(bankCode), 'LEAVE_FOUR_EYES', Date.now(), { detail: bankCode });
      console.log(`bank ${bankCode} is back in one-ADMIN mode: its ADMIN's staff changes apply at once`);
    } else if (createInput) {
      const now = Date.now();
      const created = await createStaff({ db, passwordLogN: config.staffPasswordLogN }, { ...createInput, bankCode, now });
      if (!created) fail(`login id ${createInput.loginId} is taken at bank ${bankCode}`, 1);
      await audit(db, commandLine(bankCode), 'CREATE_STAFF', now, { detail: `${created.loginId} ${created.role}` });
      console.log(`created ${created.role} ${created.loginId} for bank ${created.bankCode} (password to be changed at first sign-in)`);
    } else if (command === 'unlock') {
      await changeMember(db, bankCode, loginId, 'UNLOCK_STAFF', async (id, now) => {
        await unlockStaff(db, id, now);
        await forgetAccountThrottle(db, config.codeHashKey, bankCode, loginId);
      });
      console.log(`sign-in limits of ${loginId} at bank ${bankCode} lifted`);
    } else if (command === 'reset-password') {
      const hash = await hashPassword(newPassword!, config.staffPasswordLogN);
      await changeMember(db, bankCode, loginId, 'RESET_STAFF_PASSWORD', async (id, now) => {
        await setStaffPassword(db, id, hash, true, now);
        await revokeSessionsOfStaff(db, id, now);
        // As an ADMIN's reset: the member's open proposals are withdrawn (decision 0230).
        await withdrawProposalsOf(db.kysely, db.dialect, commandLine(bankCode), id, 'MEMBER_RESET', now);
      });
      console.log(`one-time password set for ${loginId} at bank ${bankCode}; their sessions ended`);
    } else {
      await changeMember(db, bankCode, loginId, 'RESET_STAFF_TOTP', async (id, now) => {
        await clearTotp(db, id, now);
        await revokeSessionsOfStaff(db, id, now);
        await withdrawProposalsOf(db.kysely, db.dialect, commandLine(bankCode), id, 'MEMBER_RESET', now);
      });
      console.log(`second factor of ${loginId} at bank ${bankCode} reset; they enrol again at next sign-in`);
    }
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error);
  process.exit(1);
}
