import { constants, privateDecrypt, randomUUID } from 'node:crypto';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { LightMyRequestResponse } from 'fastify';
import type { StaffRole } from '@koza/domain/admin/roles';
import type { BankCode } from '@koza/domain/constants';
import { getBank } from '@koza/domain/banks/banks';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/app.ts';
import { fixedClock } from '../../src/adapters/clock.ts';
import type { AccountSystemHandover } from '../../src/adapters/handover.ts';
import type { HandoverEntry, HandoverRecord } from '../../src/adapters/handover-format.ts';
import { exportHandovers, type HandoverExportReport } from '../../src/services/platform/handover-export.ts';
import { loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/database.ts';
import { encryptPinForStorage } from '../../src/services/applicant/pin.ts';
import { createStaff } from '../../src/services/staff/staff-auth.ts';
import { emptyWebDist, testTempDir } from '../helpers/app.ts';
import { uniqueIp } from '../helpers/auth.ts';
import { startFakeProvider, type FakeProvider } from '../helpers/fake-provider.ts';

// The back office's tests: an app with a fixed clock and a hand-over folder of its own, staff
// accounts made directly (the command line's way), sign-in through HTTP, and completed
// applications inserted as rows (the applicant side's own tests cover how they get there; one
// test in review.test.ts goes the whole way through the applicant API).

export const adminNow = '2026-06-16T10:00:00+09:00';
export const staffPassword = 'correct horse battery';

export type AdminApp = App & { clock: ReturnType<typeof fixedClock>; handoverDir: string };

export async function createAdminApp(
  db: Db,
  options: {
    env?: Record<string, string>;
    now?: string;
    handoverDir?: string;
    handover?: (dir: string) => AccountSystemHandover;
    formatHandover?: (record: HandoverRecord) => HandoverEntry;
  } = {},
): Promise<AdminApp> {
  const clock = fixedClock(options.now ?? adminNow);
  const provider = options.env?.EKYC_PROVIDER_URL ?? (await providerOfInsertedApplications()).url;
  const handoverDir = options.handoverDir ?? testTempDir('handover-');
  // Cheaper staff password hashes (scrypt N = 2^10 instead of 2^15) for the many sign-ins of these
  // tests; production refuses it (config.ts).
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'sqlite::memory:',
    WEB_DIST_DIR: emptyWebDist(),
    HANDOVER_DIR: handoverDir,
    STAFF_PASSWORD_LOG_N: '10',
    EKYC_PROVIDER_URL: provider,
    ...options.env,
  });
  const app = await buildApp({
    config,
    db,
    clock,
    logger: false,
    ...(options.handover ? { handover: options.handover(handoverDir) } : {}),
    ...(options.formatHandover ? { formatHandover: options.formatHandover } : {}),
  });
  return Object.assign(app, { clock, handoverDir });
}

/**
 * One run of the hand-over exporter of `app` (what its instance does at start and every
 * HANDOVER_EXPORT_INTERVAL_MS, decision 0249): the approvals waiting in the outbox written to its
 * HANDOVER_DIR. Fails when another instance holds the job.
 */
export async function runExporter(app: App): Promise<HandoverExportReport> {
  const report = await exportHandovers(app.handoverExport);
  if (!report) throw new Error('the exporter job is held by another instance');
  return report;
}

let counter = 0;

let sharedProvider: Promise<FakeProvider> | null = null;
/**
 * The provider of the applications `insertCompletedApplication` makes: it knows none of their
 * sessions (404), as after its own retention, so an approval records what this service holds.
 */
const providerOfInsertedApplications = () => (sharedProvider ??= startFakeProvider({ unref: true }));

export interface StaffMember {
  id: string;
  loginId: string;
  role: StaffRole;
  bankCode: BankCode;
  /** Set once the member enrolled through signInStaff. */
  totpSecret?: string;
  recoveryCodes?: string[];
}

/**
 * A staff account made directly, its password already its own (tests of the forced change at first
 * sign-in pass `passwordChangeRequired: true`, the command line's and an ADMIN's way).
 */
export async function makeStaff(
  app: AdminApp,
  bankCode: BankCode,
  role: StaffRole,
  loginId = `${role.toLowerCase()}.${bankCode}.${++counter}`,
  options: { passwordChangeRequired?: boolean } = {},
): Promise<StaffMember> {
  const created = await createStaff(
    { db: app.deps.db, passwordLogN: app.deps.config.staffPasswordLogN },
    {
      bankCode,
      loginId,
      displayName: `${role} ${counter}`,
      role,
      password: staffPassword,
      now: app.clock.now().getTime(),
      passwordChangeRequired: options.passwordChangeRequired ?? false,
    },
  );
  if (!created) throw new Error('login id taken');
  return { id: created.id, loginId, role, bankCode };
}

export interface StaffClient {
  cookie: string;
  csrf: string;
  ip: string;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: object): Promise<LightMyRequestResponse>;
  /** The same call without the CSRF header. */
  postWithoutCsrf(url: string, payload?: object): Promise<LightMyRequestResponse>;
}

/** The host of a bank (staff sign in only at their own bank's host; localhost is 0177). */
export const bankHost = (bankCode: BankCode = '0177') => getBank(bankCode).devHost;

export const signInRequest = (app: App, body: object, ip = uniqueIp(), bankCode: BankCode = '0177', headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/admin/sign-in', payload: body, remoteAddress: ip, headers: { host: bankHost(bankCode), ...headers } });

export function clientOf(app: App, cookie: string, csrf: string, ip: string, bankCode: BankCode = '0177'): StaffClient {
  const host = bankHost(bankCode);
  return {
    cookie,
    csrf,
    ip,
    get: (url) => app.inject({ method: 'GET', url, headers: { host, cookie }, remoteAddress: ip }),
    post: (url, payload = {}) => app.inject({ method: 'POST', url, headers: { host, cookie, 'x-csrf-token': csrf }, payload, remoteAddress: ip }),
    postWithoutCsrf: (url, payload = {}) => app.inject({ method: 'POST', url, headers: { host, cookie }, payload, remoteAddress: ip }),
  };
}

/** A sign-in of the member with this password (and a fresh code once they have a second factor). */
export async function passwordSignIn(app: AdminApp, member: StaffMember & { totpSecret?: string }, password: string, ip = uniqueIp()) {
  const response = await signInRequest(
    app,
    { loginId: member.loginId, password, ...(member.totpSecret ? { totpCode: totpCode(app, member.totpSecret) } : {}) },
    ip,
    member.bankCode,
  );
  app.clock.advance(30_000); // a code's time step is good once
  return response;
}

/** The session cookie of a sign-in answer. */
export const cookieOf = (response: LightMyRequestResponse) => String(response.headers['set-cookie']).split(';')[0]!;

/** TOTP codes of a secret at the app's clock. */
export const totpCode = (app: AdminApp, secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: app.clock.now().getTime() + offsetSteps * 30_000,
  });

/**
 * Signs in through HTTP; a member without a second factor enrols it (they can do nothing else
 * before). The enrolled secret is kept with the member, so a later sign-in gives a code.
 */
export async function signInStaff(app: AdminApp, member: StaffMember & { totpSecret?: string }, ip = uniqueIp()): Promise<SignedInClient> {
  const body0 = { loginId: member.loginId, password: staffPassword, ...(member.totpSecret ? { totpCode: totpCode(app, member.totpSecret) } : {}) };
  const response = await signInRequest(app, body0, ip, member.bankCode);
  if (response.statusCode !== 200) throw new Error(`sign-in answered ${response.statusCode}: ${response.body}`);
  if (member.totpSecret) app.clock.advance(30_000);
  const cookie = cookieOf(response);
  const body = response.json() as { csrfToken: string; totpSetupRequired: boolean };
  const client = clientOf(app, cookie, body.csrfToken, ip, member.bankCode);
  if (!body.totpSetupRequired) return withFreshCode(app, client, member.totpSecret);
  const setup = await client.post('/api/admin/totp/setup');
  if (setup.statusCode !== 200) throw new Error(`totp setup answered ${setup.statusCode}: ${setup.body}`);
  const secret = (setup.json() as { secret: string }).secret;
  const confirm = await client.post('/api/admin/totp/confirm', { totpCode: totpCode(app, secret) });
  if (confirm.statusCode !== 200) throw new Error(`totp confirm answered ${confirm.statusCode}: ${confirm.body}`);
  app.clock.advance(30_000); // the next sign-in must not reuse this step's code
  member.totpSecret = secret;
  member.recoveryCodes = (confirm.json() as { recoveryCodes: string[] }).recoveryCodes;
  return withFreshCode(app, client, secret);
}

/** A signed-in member's client, with their authenticator app: the second factor a change asks again (issue 42). */
export type SignedInClient = StaffClient & { totpSecret?: string; freshCode(): string };

function withFreshCode(app: AdminApp, client: StaffClient, secret: string | undefined): SignedInClient {
  return Object.assign(client, {
    ...(secret ? { totpSecret: secret } : {}),
    /** A code of the app not used yet: this time step's; the clock then moves past it (a step is good once). */
    freshCode: () => {
      if (!secret) throw new Error('the member has no second factor');
      const code = totpCode(app, secret);
      app.clock.advance(30_000);
      return code;
    },
  });
}

export interface CompletedApplication {
  id: string;
  applicationNumber: string;
  mailAddress: string;
}

/** A COMPLETED application as the applicant API leaves it (with its encrypted PIN and one document). */
export async function insertCompletedApplication(
  app: AdminApp,
  options: { bankCode?: BankCode; type?: 'GENERAL' | 'CHILD'; kana?: [string, string]; name?: [string, string]; completedAt?: string; pin?: string } = {},
): Promise<CompletedApplication> {
  const db = app.deps.db.kysely;
  const id = randomUUID();
  const bankCode = options.bankCode ?? '0177';
  const n = ++counter;
  const applicationNumber = `${bankCode}-20260615-${String(900000 + n)}`;
  const mailAddress = `applicant.${n}.${process.pid}@example.jp`;
  const completedAt = Date.parse(options.completedAt ?? '2026-06-15T12:00:00+09:00');
  const [lastName, firstName] = options.name ?? ['山田', '太郎'];
  const [kanaLastName, kanaFirstName] = options.kana ?? ['ﾔﾏﾀﾞ', 'ﾀﾛｳ'];
  await db
    .insertInto('applications')
    .values({
      id,
      bankCode,
      applicationType: options.type ?? 'GENERAL',
      status: 'COMPLETED',
      mailAddress,
      mailHash: `hash-${id}`,
      deviceId: null,
      channel: null,
      lastName,
      firstName,
      kanaLastName,
      kanaFirstName,
      gender: 'MAN',
      birthday: '1990-04-01',
      eraBirthday: null,
      mobilePhoneNumber: '090-1234-5678',
      phoneNumber: null,
      postalNumber: '8100001',
      addressCode: '40133',
      addressPrefecture: '福岡県',
      addressMunicipality: '福岡市中央区',
      addressSection: '天神',
      addressChome: '１丁目',
      kanaAddressPrefecture: 'ﾌｸｵｶｹﾝ',
      kanaAddressMunicipality: 'ﾌｸｵｶｼﾁｭｳｵｳｸ',
      kanaAddressSection: 'ﾃﾝｼﾞﾝ',
      kanaAddressChome: '1ﾁｮｳﾒ',
      address: '１－１',
      subAddress: null,
      kanaAddress: '1-1',
      kanaSubAddress: null,
      tempAddressPrefecture: null,
      tempAddress: null,
      kanaTempAddress: null,
      occupationId: 1,
      occupationName: '会社員',
      occupationOther: null,
      workplaceCode: null,
      workplaceId: null,
      workplaceName: '株式会社テスト',
      workplacePhoneNumber: '092-000-0000',
      invitationCode: null,
      existedAccountBranchCode: null,
      existedAccountNumber: null,
      branchCode: '100',
      branchName: '本店営業部',
      sealLess: 1,
      utilizationPurpose: '生活費決済',
      utilizationPurposeOther: null,
      distanceTransactionReason: null,
      personalSavedAt: completedAt,
      workplaceSavedAt: completedAt,
      parentPersonalSavedAt: null,
      parentWorkplaceSavedAt: null,
      branchSavedAt: completedAt,
      sealLessSavedAt: completedAt,
      pinSetAt: completedAt,
      ekycStartedAt: completedAt,
      ekycPassedAt: completedAt,
      supplementSavedAt: null,
      pinCiphertext: encryptPinForStorage(options.pin ?? '7394', id, app.deps.config.pinDataKey),
      pinErasedAt: null,
      applicationNumber,
      completedAt,
      createdAt: completedAt,
      updatedAt: completedAt,
    })
    .execute();
  // Its eKYC, passed by photo ID and face (the method of the text in force before the cut-over):
  // every completed application was verified by a method the ordinance names (decision 0248).
  await db
    .insertInto('ekycSessions')
    .values({
      id: randomUUID(),
      applicationId: id,
      attempt: 1,
      providerSessionId: `inserted-${id}`,
      method: 'PHOTO_ID_AND_FACE',
      providerStatus: 'PASSED',
      status: 4,
      supplementRequired: 0,
      url: '',
      webhookAt: completedAt,
      pulledAt: null,
      createdAt: completedAt,
      updatedAt: completedAt,
    })
    .execute();
  await db
    .insertInto('documents')
    .values({
      id: randomUUID(),
      applicationId: id,
      type: 'INDIVIDUAL_NUMBER_CARD',
      contentType: 'image/png',
      size: 8,
      sha256: 'x',
      bytes: pngSignature,
      createdAt: completedAt,
    })
    .execute();
  return { id, applicationNumber, mailAddress };
}

export const pngSignature = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One hand-over file as the bank's batch reads it (decision 0243). */
export interface BatchFile {
  name: string;
  day: string;
  version: number;
  header: string[];
  /** The records' fields, in the file's order (a leading apostrophe of the formula-safe writer kept). */
  rows: string[][];
}

/**
 * The fields of one line as the bank's batch reads them, independently of the service's writer and
 * reader: every field in double quotes, quotes doubled, separated by commas (no line break inside).
 */
export function batchFields(line: string): string[] {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] !== '"') throw new Error(`not a quoted field at ${i}: ${line}`);
    let value = '';
    i++;
    for (;;) {
      const quote = line.indexOf('"', i);
      if (quote < 0) throw new Error(`an unterminated field: ${line}`);
      value += line.slice(i, quote);
      i = quote + 1;
      if (line[i] !== '"') break;
      value += '"';
      i++;
    }
    fields.push(value);
    if (i === line.length) return fields;
    if (line[i] !== ',') throw new Error(`no comma after a field at ${i}: ${line}`);
    i++;
  }
}

/**
 * A bank's files of one kind (`KOZA`: the account data; `KOZA_KYC`: the verification records) as its
 * batch finds them: `<prefix>_<bank>_<day>_v<version>.csv`, by day and then version; UTF-8 without
 * a BOM, CRLF after every line, the header first.
 */
export function batchFiles(handoverDir: string, bankCode: string, prefix: 'KOZA' | 'KOZA_KYC'): BatchFile[] {
  const dir = join(handoverDir, bankCode);
  if (!existsSync(dir)) return [];
  const pattern = new RegExp(`^${prefix}_${bankCode}_(\\d{8})_v([1-9]\\d*)\\.csv$`);
  return readdirSync(dir)
    .flatMap((name) => {
      const match = pattern.exec(name);
      return match ? [{ name, day: match[1]!, version: Number(match[2]) }] : [];
    })
    .sort((x, y) => x.day.localeCompare(y.day) || x.version - y.version)
    .map((file) => {
      const text = readFileSync(join(dir, file.name), 'utf8');
      if (text.startsWith('\uFEFF') || !text.endsWith('\r\n')) throw new Error(`${file.name}: a BOM, or no CRLF at the end`);
      const [header, ...rows] = text.slice(0, -2).split('\r\n').map(batchFields);
      return { ...file, header: header!, rows };
    });
}

/** Every line of every account data file of a bank, in the batch's order. */
export function handoverText(app: AdminApp, bankCode: BankCode): string {
  // The account data files only (KOZA_<bank>_<day>_v<version>.csv); the verification records are beside them.
  return batchFiles(app.handoverDir, bankCode, 'KOZA')
    .map((f) => readFileSync(join(app.handoverDir, bankCode, f.name), 'utf8'))
    .join('');
}

/**
 * The account system's side of the hand-over files (decision 0203): the records of a bank as the
 * batch reads them (values by their file's header, one leading apostrophe of the formula-safe writer
 * removed), the PIN decrypted with the account system's private key (the development pair's test
 * half), the application number as the OAEP label.
 */
export function handoverRecords(app: AdminApp, bankCode: BankCode): Record<string, string>[] {
  const privateKey = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'account-system-dev-private-key.pem'), 'utf8');
  return batchFiles(app.handoverDir, bankCode, 'KOZA').flatMap(({ header, rows }) =>
    rows.map((values) => {
      const record = Object.fromEntries(header.map((name, i) => [name, values[i]!.replace(/^'/, '')]));
      const pin = privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256', oaepLabel: Buffer.from(record.application_number!, 'utf8') },
        Buffer.from(record.pin_rsa_oaep_sha256!, 'base64'),
      ).toString('utf8');
      return { ...record, pin };
    }),
  );
}

export async function mailsTo(app: App, to: string): Promise<{ subject: string; text: string }[]> {
  const response = await app.inject({ method: 'GET', url: `/__dev/mails?to=${encodeURIComponent(to)}` });
  return response.json() as { subject: string; text: string }[];
}

export async function auditActions(app: App, bankCode: string): Promise<string[]> {
  const rows = await app.deps.db.kysely.selectFrom('auditLog').select(['action']).where('bankCode', '=', bankCode).orderBy('id').execute();
  return rows.map((r) => r.action);
}

/**
 * A four-eyes approval (decision 0230): one member proposes, a different one confirms. Answers the
 * confirmation (or the proposal, when that already failed).
 */
export async function approveByTwo(proposer: StaffClient, approver: StaffClient, applicationId: string): Promise<LightMyRequestResponse> {
  const proposed = await proposer.post(`/api/admin/applications/${applicationId}/propose`);
  if (proposed.statusCode !== 200) return proposed;
  return approver.post(`/api/admin/applications/${applicationId}/approve`);
}
