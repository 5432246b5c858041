import { request as httpRequest } from 'node:http';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { getBank } from '@koza/domain/banks/banks';
import { readCsv } from '../../apps/api/src/adapters/handover-format.ts';
import { openDatabase, parseDatabaseUrl } from '../../apps/api/src/db/database.ts';
import { createStaff } from '../../apps/api/src/services/staff/staff-auth.ts';

// The fault test's reviewers (decision 0249): two members of bank 0177 approve, by two, the
// applications the journeys complete, through nginx, while the instances are killed, restarted and
// the database stops. After each scenario the run checks that every application APPROVED in the
// database is in the exported hand-over files exactly once — account line and verification record —
// over the HANDOVER_DIRs of all instances (each instance has its own, as separate hosts would), and
// that nothing waits in the outbox.

const bankCode = '0177';
const host = getBank(bankCode).devHost;
const password = 'faults reviewer password 0249';

interface Answer {
  status: number;
  body: string;
  cookie: string | null;
}

/** One call through nginx on a connection of its own (no keep-alive: a reload never meets it). */
function call(port: number, method: string, path: string, headers: Record<string, string>, body?: object): Promise<Answer> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        timeout: 15_000,
        headers: { host, ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const setCookie = res.headers['set-cookie']?.[0];
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), cookie: setCookie ? setCookie.split(';')[0]! : null });
        });
        res.on('error', () => resolve({ status: 0, body: '', cookie: null }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, body: '', cookie: null }));
    req.end(payload);
  });
}

class Reviewer {
  cookie = '';
  csrf = '';
  readonly port: number;
  readonly loginId: string;
  constructor(port: number, loginId: string) {
    this.port = port;
    this.loginId = loginId;
  }
  async signIn(): Promise<void> {
    const answer = await call(this.port, 'POST', '/api/admin/sign-in', {}, { loginId: this.loginId, password });
    if (answer.status !== 200 || !answer.cookie) throw new Error(`reviewer sign-in answered ${answer.status}: ${answer.body}`);
    this.cookie = answer.cookie;
    this.csrf = (JSON.parse(answer.body) as { csrfToken: string }).csrfToken;
    const setup = await this.post('/api/admin/totp/setup');
    if (setup.status !== 200) throw new Error(`totp setup answered ${setup.status}: ${setup.body}`);
    const secret = (JSON.parse(setup.body) as { secret: string }).secret;
    const totpCode = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
    const confirm = await this.post('/api/admin/totp/confirm', { totpCode });
    if (confirm.status !== 200) throw new Error(`totp confirm answered ${confirm.status}: ${confirm.body}`);
  }
  post(path: string, body: object = {}): Promise<Answer> {
    return call(this.port, 'POST', path, { cookie: this.cookie, 'x-csrf-token': this.csrf }, body);
  }
}

/** Application numbers in the `application_number` column of a kind of file, over every folder. */
function exportedNumbers(dirs: readonly string[], prefix: 'KOZA' | 'KOZA_KYC'): { byDir: number[]; numbers: string[] } {
  const pattern = new RegExp(`^${prefix}_${bankCode}_\\d{8}_v\\d+\\.csv$`);
  const byDir: number[] = [];
  const numbers: string[] = [];
  for (const dir of dirs) {
    const bankDir = join(dir, bankCode);
    let count = 0;
    for (const name of existsSync(bankDir) ? readdirSync(bankDir).filter((n) => pattern.test(n)) : []) {
      const [header = [], ...rows] = readCsv(readFileSync(join(bankDir, name), 'utf8'));
      const column = header.indexOf('application_number');
      // A KOZA_KYC file has one row per verified person: a child application's record has two.
      const ofFile = new Set(rows.map((values) => values[column]!));
      if (prefix === 'KOZA' && ofFile.size !== rows.length) numbers.push('(a line twice in one file)');
      for (const number of ofFile) numbers.push(number);
      count += ofFile.size;
    }
    byDir.push(count);
  }
  return { byDir, numbers };
}

export interface HandoverCheck {
  approved: number;
  /** Account lines per instance's HANDOVER_DIR. */
  byDir: number[];
  missing: number;
  twice: number;
  waiting: number;
}

export class Approvals {
  private running = false;
  private loop: Promise<void> | undefined;
  private readonly tried = new Map<string, number>();
  approveCalls = 0;
  failedCalls = 0;
  private readonly databaseUrl: string;
  private readonly handoverDirs: readonly string[];
  private readonly reviewers: readonly Reviewer[];
  constructor(databaseUrl: string, port: number, handoverDirs: readonly string[]) {
    this.databaseUrl = databaseUrl;
    this.handoverDirs = handoverDirs;
    this.reviewers = [new Reviewer(port, 'faults.reviewer.1'), new Reviewer(port, 'faults.reviewer.2')];
  }

  /** Creates the two members (the command line's way) and signs them in through nginx. */
  async setUp(): Promise<void> {
    const db = await openDatabase(parseDatabaseUrl(this.databaseUrl));
    try {
      for (const r of this.reviewers) {
        const created = await createStaff(
          { db, passwordLogN: 14 },
          { bankCode, loginId: r.loginId, displayName: r.loginId, role: 'REVIEWER', password, now: Date.now(), passwordChangeRequired: false },
        );
        if (!created) throw new Error(`${r.loginId} exists`);
      }
    } finally {
      await db.close();
    }
    for (const r of this.reviewers) await r.signIn();
  }

  private async completedIds(client: pg.Client): Promise<string[]> {
    const { rows } = await client.query<{ id: string }>(
      "select id from applications where bank_code = $1 and status = 'COMPLETED' and completed_at is not null order by completed_at",
      [bankCode],
    );
    return rows.map((r) => r.id);
  }

  /** Approves by two, again and again, what the journeys complete (one at a time), until pause(). */
  start(): void {
    this.running = true;
    this.loop = (async () => {
      let client: pg.Client | null = null;
      let turn = 0;
      while (this.running) {
        try {
          client ??= await this.connect();
          const ids = await this.completedIds(client);
          for (const id of ids) {
            if (!this.running) break;
            if ((this.tried.get(id) ?? 0) >= 20) continue;
            this.tried.set(id, (this.tried.get(id) ?? 0) + 1);
            // The two members take turns proposing and confirming.
            const [proposer, approver] = turn++ % 2 === 0 ? this.reviewers : [...this.reviewers].reverse();
            await proposer!.post(`/api/admin/applications/${id}/propose`);
            this.approveCalls++;
            const answer = await approver!.post(`/api/admin/applications/${id}/approve`);
            if (answer.status !== 200) this.failedCalls++;
          }
        } catch {
          await client?.end().catch(() => undefined);
          client = null;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      await client?.end().catch(() => undefined);
    })();
  }

  async pause(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 2000 });
    client.on('error', () => undefined);
    await client.connect();
    return client;
  }

  /**
   * Waits (up to `timeoutMs`) until the outbox is empty, then compares every application APPROVED
   * in the database with the exported files of every instance: each exactly once in the account
   * files and in the verification record files.
   */
  async check(timeoutMs = 90_000): Promise<HandoverCheck> {
    const client = await this.connect();
    try {
      const deadline = Date.now() + timeoutMs;
      let waiting = Infinity;
      while (Date.now() < deadline) {
        waiting = Number((await client.query<{ n: string }>('select count(*) as n from handover_outbox')).rows[0]!.n);
        if (waiting === 0) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      const { rows } = await client.query<{ application_number: string }>(
        "select application_number from applications where bank_code = $1 and status = 'APPROVED'",
        [bankCode],
      );
      const approved = rows.map((r) => r.application_number);
      const account = exportedNumbers(this.handoverDirs, 'KOZA');
      const kyc = exportedNumbers(this.handoverDirs, 'KOZA_KYC');
      let missing = 0;
      let twice = 0;
      for (const numbers of [account.numbers, kyc.numbers]) {
        const count = new Map<string, number>();
        for (const n of numbers) count.set(n, (count.get(n) ?? 0) + 1);
        for (const n of approved) if (!count.has(n)) missing++;
        for (const [n, c] of count) if (c > 1 || !approved.includes(n)) twice += c > 1 ? c - 1 : 1;
      }
      return { approved: approved.length, byDir: account.byDir, missing, twice, waiting };
    } finally {
      await client.end();
    }
  }
}
