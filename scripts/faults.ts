// `npm run test:faults`: the cluster (`npm run start:cluster`: nginx → two API instances →
// PostgreSQL) under concurrent applicants while things break, as an operations team would break
// them (issue 27). PostgreSQL is a server of this test's own (initdb, its own port), so it can be
// stopped. Two kinds of applicant, through nginx, with the web client's policy: an idempotent call
// (the saves, the completion, the eKYC start and status poll, every GET) is sent once more after a
// 502/503/504 or a network error (apps/web/src/api/client.ts).
//   - FAULTS_APPLICANTS (20) save every step of the general flow (personal — a new building name each
//     time —, workplace, branch, seal-less) again and again and read it back.
//   - FAULTS_JOURNEYS (6) go through the whole general journey again and again: sign-in by mail code
//     (each from a client address of its own, 127.1.x.y), the four saves, the PIN, eKYC started and
//     PASSED at the simulator's page as the phone submits it, the status polled as the web polls it
//     until the result is there, the completion. A step that fails is done again, as an applicant
//     would (docs/decisions/0215-whole-journeys-under-faults.md).
//
// Scenarios, one after the other, load running throughout:
//   1. kill -9 of one instance: no answer the applicant sees fails; the launcher starts the instance again.
//   2. a rolling restart of both instances (SIGHUP to the launcher): 0 failed requests, not even
//      before the client's retry.
//   3. PostgreSQL stopped for 10 s, then started: answers are 503 within DB_CONNECT_TIMEOUT_MS (no
//      500, no hang), /api/ready 503 then 200, no instance restarts, saves succeed again within 5 s.
//   4. `npm start` exits non-zero when its API process is killed.
// Throughout, two reviewers approve by two what the journeys complete (scripts/faults/approvals.ts),
// and each instance has a HANDOVER_DIR of its own, as on separate hosts: after each scenario every
// approved application is in the exported hand-over files exactly once, over both folders, and
// nothing waits in the outbox (decision 0249).
// After each: every acknowledged save is what the API gives back (0 lost), and no read was older
// than an acknowledged save; journeys completed (at least one); every acknowledged completion has
// exactly one application with its number and answers the same number when called again; every eKYC
// result the simulator accepted reached the API within 30 s; no journey call failed for the applicant
// (503 during the database outage; in scenario 1, a verification or PIN call in flight on the killed
// instance answers 502 and is counted apart, decision 0210). Prints the figures and writes them to
// docs/benchmarks.md (own section). Exit 1 when a check fails.
//
// Ports 27100–27112 (FAULTS_PORT_BASE moves them), below Linux's ephemeral range (32768–60999): a
// port there can be taken by an outgoing connection just when a server of the test wants to listen on it; work files in var/faults.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { constants as cryptoConstants, createPublicKey, publicEncrypt } from 'node:crypto';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, openSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generalStepSaves, personalPayload } from './bench/applicant.ts';
import { OwnPostgres } from './faults/own-postgres.ts';
import { Approvals } from './faults/approvals.ts';
import { faultsHeading, withoutFaultsSection } from './faults/doc-section.ts';
import { ekycPolling, ekycStatus } from '@koza/domain/constants';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const portBase = Number(process.env.FAULTS_PORT_BASE ?? 27100);
const ports = {
  postgres: portBase,
  cluster: portBase + 1,
  api: [portBase + 2, portBase + 3],
  metrics: [portBase + 4, portBase + 5],
  sim: portBase + 6,
  start: portBase + 10,
  startSim: portBase + 11,
};
const applicants = Number(process.env.FAULTS_APPLICANTS ?? 20);
/** Applicants who go through the whole general journey (sign-in to completion) again and again. */
const journeyApplicants = Number(process.env.FAULTS_JOURNEYS ?? 6);
/** How long an eKYC result the simulator accepted may take to reach the API (the status poll ends). */
const ekycResultBoundMs = 30_000;
const dbConnectTimeoutMs = 2000;
const work = join(root, 'var/faults');
/** Each instance's HANDOVER_DIR: folders of their own, as instances on separate hosts have (decision 0249). */
const handoverDirs = ports.api.map((_, i) => join(work, `handover-${i + 1}`));
const base = `http://127.0.0.1:${ports.cluster}`;
const started = Date.now();

const log = (line: string) => console.log(`[faults] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 120_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await sleep(everyMs);
  }
}

async function status(url: string): Promise<number> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

// ---------------------------------------------------------------- the applicants

interface Answer {
  status: number; // 0: no answer (network error)
  ms: number;
}

/** Counters of one scenario. */
class Tally {
  requests = 0;
  /** Answers other than 2xx as the proxy gave them, before the client's retry. */
  firstTry = new Map<string, number>();
  /** Calls that failed for the applicant (after the retry), by status. */
  failed = new Map<string, number>();
  /** Whether a failed call is counted with its path (the journeys: many kinds of call). */
  readonly byPath: boolean;
  constructor(byPath = false) {
    this.byPath = byPath;
  }
  /** When each of those calls began and ended (ms since epoch), to tell the database outage from the rest. */
  failedAt: { at: number; end: number; key: string }[] = [];
  retriedOk = 0;
  staleReads = 0;
  /** The slowest non-2xx answer (ms). */
  slowestFailure = 0;
  add(map: Map<string, number>, key: string): void {
    map.set(key, (map.get(key) ?? 0) + 1);
  }
  count(map: Map<string, number>): number {
    return [...map.values()].reduce((a, b) => a + b, 0);
  }
  show(map: Map<string, number>): string {
    return map.size === 0 ? '0' : `${this.count(map)} (${[...map.entries()].map(([k, v]) => `${k}: ${v}`).join(', ')})`;
  }
}

const isIdempotent = (method: string, path: string) => method === 'GET' || /^\/api\/(applications\/|application-complete$|ekyc(\/status)?$)/.test(path);
const retryable = new Set([0, 502, 503, 504]);

class Applicant {
  readonly n: number;
  token = '';
  /** The last save the API acknowledged (204), and the last one sent. */
  acked = 0;
  sent = 0;
  ackedInPhase = 0;
  constructor(n: number) {
    this.n = n;
  }

  /** `from`: the local address to connect from (nginx passes it on as the client's address). */
  protected async once(method: string, path: string, body: unknown, from?: string): Promise<Answer & { json?: unknown }> {
    const t0 = Date.now();
    let answer = await send(method, path, this.token, body, from);
    // A browser sends a request again, once, when a kept-alive connection it reused was closed by the
    // other side before any answer came (nginx closes its idle connections when it reloads, e.g. during a
    // rolling restart): the request was not read, so this is no failure the applicant could see.
    // It goes out on a new connection: the other kept-alive ones may be closing in the same reload.
    if (answer.closedUnread) {
      resentOnClosedConnection++;
      answer = await send(method, path, this.token, body, from, { fresh: true });
    }
    return { status: answer.status, json: answer.json, ms: Date.now() - t0 };
  }

  /** One call with the web client's policy (one retry of an idempotent call after 500 ms). */
  async call(tally: Tally, method: string, path: string, body?: unknown, from?: string): Promise<Answer & { json?: unknown }> {
    tally.requests++;
    const calledAt = Date.now();
    let answer = await this.once(method, path, body, from);
    if (answer.status >= 300 || answer.status === 0) {
      tally.add(tally.firstTry, `${method} ${answer.status || 'no answer'}`);
      tally.slowestFailure = Math.max(tally.slowestFailure, answer.ms);
      if (isIdempotent(method, path) && retryable.has(answer.status)) {
        await sleep(500);
        tally.requests++;
        answer = await this.once(method, path, body, from);
        if (answer.status >= 200 && answer.status < 300) tally.retriedOk++;
        else tally.slowestFailure = Math.max(tally.slowestFailure, answer.ms);
      }
      if (answer.status >= 300 || answer.status === 0) {
        const key = `${method} ${tally.byPath ? `${path.split('?')[0]} ` : ''}${answer.status || 'no answer'}`;
        tally.add(tally.failed, key);
        tally.failedAt.push({ at: calledAt, end: Date.now(), key });
      }
    }
    return answer;
  }

  subAddress(n: number): { subAddress: string; kanaSubAddress: string } {
    return { subAddress: `天神ハイツ${n}`, kanaSubAddress: `ﾃﾝｼﾞﾝﾊｲﾂ${n}` };
  }

  /**
   * One turn: every step save of the general flow in order (the personal data with a new building
   * name each time, then the workplace, the branch and seal-less), then the application read back.
   * A turn is acknowledged when all four saves were.
   */
  async turn(tally: Tally): Promise<boolean> {
    const n = ++this.sent;
    let saved = true;
    for (const [path, body] of generalStepSaves) {
      const payload = path.endsWith('/personal') ? { ...body, ...this.subAddress(n) } : body;
      if ((await this.call(tally, 'POST', path, payload)).status !== 204) {
        saved = false;
        break;
      }
    }
    if (saved) {
      this.acked = n;
      this.ackedInPhase++;
    }
    const read = await this.call(tally, 'GET', '/api/applications');
    if (read.status === 200) {
      const seen = savedNumber(read.json);
      if (seen !== null && seen < this.acked) tally.staleReads++;
    }
    return saved && read.status === 200;
  }
}

function savedNumber(json: unknown): number | null {
  const text = JSON.stringify(json ?? null);
  const match = /天神ハイツ(\d+)/.exec(text);
  return match ? Number(match[1]) : null;
}

/** Whether the later steps of an acknowledged turn are all there: the workplace, the branch, seal-less. */
function laterStepsSaved(json: unknown): boolean {
  const application = (json as { application?: Record<string, unknown> } | null)?.application;
  return typeof application?.workplaceName === 'string' && application.branchCode === '100' && application.sealLess === true;
}

async function signIn(a: Applicant): Promise<void> {
  const mailAddress = `faults.${started}.${a.n}@example.jp`;
  const post = (path: string, body: object) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const entry = { bankCode: '0177', mailAddress, applicationType: 'GENERAL' };
  const register = await post('/api/verification-codes/register', entry);
  if (register.status !== 204) throw new Error(`register answered ${register.status}: ${await register.text()}`);
  const code = await until('the verification mail', async () => {
    const mails = (await (await fetch(`${base}/__dev/mails?to=${encodeURIComponent(mailAddress)}`)).json()) as { text: string }[];
    return /(\d{6})/.exec(mails[0]?.text ?? '')?.[1];
  });
  const verify = await post('/api/verification-codes/verify', { ...entry, verificationCode: code, channel: null, deviceId: null });
  if (verify.status !== 200) throw new Error(`verify answered ${verify.status}: ${await verify.text()}`);
  a.token = ((await verify.json()) as { authenticationToken: string }).authenticationToken;
}

/** The applicants' connections to nginx, kept alive between calls as a browser keeps them. */
const keptAlive = new HttpAgent({ keepAlive: true });
/** Requests sent again because a kept-alive connection was closed before they were read (see `once`). */
let resentOnClosedConnection = 0;

/**
 * One request through nginx (node:http): on a kept-alive connection, or from the local address `from`
 * on a connection of its own. `closedUnread`: it failed on a reused connection before any answer.
 */
function send(
  method: string,
  path: string,
  token: string,
  body: unknown,
  from?: string,
  { fresh = false } = {},
): Promise<{ status: number; json?: unknown; closedUnread?: boolean }> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    let answered = false;
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: ports.cluster,
        ...(from === undefined ? { agent: fresh ? false : keptAlive } : { localAddress: from, agent: false }),
        method,
        path,
        timeout: 30_000,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
        },
      },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', () => resolve({ status: 0 }));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, json });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error: NodeJS.ErrnoException) => {
      const closed = error.code === 'ECONNRESET' || error.code === 'EPIPE' || error.message === 'socket hang up';
      resolve({ status: 0, closedUnread: closed && request.reusedSocket && !answered });
    });
    request.end(payload);
  });
}

/**
 * A client address of its own for every sign-in of a journey (127.1.x.y, all loopback on Linux):
 * the API allows 30 registrations per client address per hour (verification.perIpPerHour), and
 * nginx passes the address it sees on as X-Forwarded-For.
 */
let signIns = 0;
function nextClientAddress(): string {
  const k = signIns++;
  return `127.1.${Math.floor(k / 250) % 250}.${(k % 250) + 1}`;
}

/** The bytes a JPEG starts with, and a few more: enough for the simulator's image check. */
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

/**
 * What the applicant's phone does at the provider's url: opens the page and submits it with the
 * outcome PASSED (the photos for PHOTO_ID_AND_FACE; the card read first for JPKI). Straight to
 * the simulator, not through nginx. True when the simulator accepted it (303 to the bank's returnUrl).
 */
async function submitAtProvider(providerUrl: string): Promise<boolean> {
  const url = new URL(providerUrl);
  const page = `http://127.0.0.1:${ports.sim}${url.pathname}`;
  const query = `?t=${encodeURIComponent(url.searchParams.get('t') ?? '')}`;
  const html = await (await fetch(`${page}${query}`, { signal: AbortSignal.timeout(10_000) })).text();
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  let submit: Response;
  if (html.includes('/jpki/read')) {
    const read = await fetch(`${page}/jpki/read${query}`, { method: 'POST', headers: form, body: 'password=ABC123', redirect: 'manual' });
    await read.arrayBuffer();
    if (read.status !== 303) return false;
    submit = await fetch(`${page}/submit${query}`, { method: 'POST', headers: form, body: 'outcome=PASSED', redirect: 'manual' });
  } else {
    const photos = new FormData();
    photos.set('outcome', 'PASSED');
    for (const step of ['front', 'back', 'tilt', 'face']) photos.set(step, new Blob([jpeg], { type: 'image/jpeg' }), `${step}.jpg`);
    submit = await fetch(`${page}/submit${query}`, { method: 'POST', body: photos, redirect: 'manual' });
  }
  await submit.arrayBuffer();
  return submit.status === 303;
}

/** The six-digit code of the newest verification mail in a /__dev/mails answer. */
const mailCode = (json: unknown): string | undefined => /(\d{6})/.exec((json as { text?: string }[] | undefined)?.[0]?.text ?? '')?.[1];

/** What the journeys of one scenario did. */
class Journeys {
  completed = 0;
  /** Completions acknowledged to an applicant: the number, and the token to ask again with. */
  completions: { number: string; token: string }[] = [];
  /** eKYC sessions whose PASSED the simulator accepted, and how long each took to reach the API. */
  ekycAccepted = 0;
  ekycReachedMs: number[] = [];
  /** Journeys that could not go on (a step that never succeeded), by step. */
  givenUp = new Map<string, number>();
}

/**
 * An applicant who goes through the whole general journey, again and again: sign-in by mail code,
 * the four step saves, the PIN, eKYC at the provider (PASSED), the status polled as the web polls it
 * until the result is there, the completion. Every call with the web client's policy; a step that
 * fails is done again (the applicant presses the button again), counted as a failed call.
 */
class Journey extends Applicant {
  completedInPhase = 0;
  private mails = 0;

  /** Repeats a step until `done` says it went through; gives up (throws) after 60 s. */
  private async again(what: string, attempt: () => Promise<Answer & { json?: unknown }>, done: (a: Answer & { json?: unknown }) => boolean) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const answer = await attempt();
      if (done(answer)) return answer;
      if (Date.now() > deadline) throw new Error(`${what}: last answer ${answer.status}`);
      await sleep(200);
    }
  }

  private async signIn(tally: Tally): Promise<void> {
    this.token = '';
    const deadline = Date.now() + 60_000;
    let last = 0;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`sign-in: last answer ${last}`);
      // A new address each time: one code per address per minute (and an application per address).
      const from = nextClientAddress();
      const mailAddress = `faults.${started}.j${this.n}.${this.mails++}@example.jp`;
      const entry = { bankCode: '0177', mailAddress, applicationType: 'GENERAL' };
      last = (await this.call(tally, 'POST', '/api/verification-codes/register', entry, from)).status;
      if (last !== 204) {
        await sleep(200);
        continue;
      }
      const mails = await this.again(
        'the verification mail',
        () => this.call(tally, 'GET', `/__dev/mails?to=${encodeURIComponent(mailAddress)}`),
        (a) => a.status === 200 && mailCode(a.json) !== undefined,
      );
      const code = mailCode(mails.json);
      const verify = await this.again(
        'verify',
        () => this.call(tally, 'POST', '/api/verification-codes/verify', { ...entry, verificationCode: code, channel: null, deviceId: null }, from),
        (a) => a.status === 200 || a.status === 401, // 401: the code is gone (used by a try whose answer was lost): sign in again
      );
      last = verify.status;
      if (verify.status !== 200) continue;
      this.token = (verify.json as { authenticationToken: string }).authenticationToken;
      return;
    }
  }

  async journey(tally: Tally, done: Journeys): Promise<void> {
    let step = 'sign-in';
    try {
      await this.signIn(tally);
      for (const [path, body] of generalStepSaves) {
        step = path;
        await this.again(
          step,
          () => this.call(tally, 'POST', path, body),
          (a) => a.status === 204,
        );
      }
      step = 'PIN';
      const key = await this.again(
        step,
        () => this.call(tally, 'GET', '/api/public-key'),
        (a) => a.status === 200,
      );
      const publicKey = createPublicKey({ key: Buffer.from((key.json as { keyCode: string }).keyCode, 'base64'), format: 'der', type: 'spki' });
      const pin = () =>
        publicEncrypt({ key: publicKey, padding: cryptoConstants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from('7394')).toString('base64');
      let tried = false;
      const pinSet = (a: Answer) => {
        // 409 after a try whose answer was lost: the PIN was set by that try.
        const ok = a.status === 204 || (a.status === 409 && tried);
        tried = true;
        return ok;
      };
      await this.again(step, () => this.call(tally, 'POST', '/api/pin', { code: pin() }), pinSet);
      step = 'eKYC start';
      const start = await this.again(
        step,
        () => this.call(tally, 'POST', '/api/ekyc', { supplement: false }),
        (a) => a.status === 200,
      );
      step = 'eKYC at the provider';
      if (!(await submitAtProvider((start.json as { url: string }).url))) throw new Error(step);
      const acceptedAt = Date.now();
      done.ekycAccepted++;
      step = 'eKYC result';
      // As the web polls: at once, then every ekycPolling.intervalMs, until the result is there.
      for (;;) {
        const answer = await this.call(tally, 'POST', '/api/ekyc/status', {});
        if (answer.status === 200 && (answer.json as { status: number }).status === ekycStatus.BANKER_PROCESSING) break;
        const left = ekycResultBoundMs - (Date.now() - acceptedAt);
        if (left <= 0) throw new Error(step);
        await sleep(Math.min(ekycPolling.intervalMs, left));
      }
      done.ekycReachedMs.push(Date.now() - acceptedAt);
      step = 'completion';
      const completion = await this.again(
        step,
        () => this.call(tally, 'POST', '/api/application-complete'),
        (a) => a.status === 200,
      );
      done.completions.push({ number: (completion.json as { applicationNumber: string }).applicationNumber, token: this.token });
      done.completed++;
      this.completedInPhase++;
    } catch (error) {
      log(`journey applicant ${this.n} gave up at: ${step} (${(error as Error).message})`);
      done.givenUp.set(step, (done.givenUp.get(step) ?? 0) + 1);
    }
  }
}

/**
 * Runs every applicant's turns and every journey until `stop()`; resolves once they have all
 * stopped (a journey under way is finished first).
 */
function load(people: Applicant[], journeys: Journey[] = []): { tally: Tally; journeyTally: Tally; done: Journeys; stop: () => Promise<Tally> } {
  const tally = new Tally();
  const journeyTally = new Tally(true);
  const done = new Journeys();
  let stopping = false;
  for (const a of people) a.ackedInPhase = 0;
  for (const j of journeys) j.completedInPhase = 0;
  const loops = people.map(async (a) => {
    while (!stopping) {
      const ok = await a.turn(tally);
      if (!ok) await sleep(200); // a failing applicant does not spin
    }
  });
  const journeyLoops = journeys.map(async (j) => {
    while (!stopping) await j.journey(journeyTally, done);
  });
  return {
    tally,
    journeyTally,
    done,
    stop: async () => {
      stopping = true;
      await Promise.all([...loops, ...journeyLoops]);
      return tally;
    },
  };
}

/** Until every journey applicant has completed `n` more journeys in this phase. */
const everyoneCompleted = (journeys: Journey[], n: number, timeoutMs = 120_000) =>
  until(`${n} completed journeys per journey applicant`, () => journeys.every((j) => j.completedInPhase >= n), timeoutMs);

let databaseUrl = '';

/**
 * Every acknowledged completion: exactly one application has its number (none: lost; more:
 * duplicated), and the completion called again with the same token answers the same number.
 */
async function completionProblems(done: Journeys): Promise<{ notOne: number; different: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let notOne = 0;
  let different = 0;
  try {
    for (const { number, token } of done.completions) {
      // Completed, or approved since by the run's reviewers.
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from applications where application_number = $1 and status in ('COMPLETED', 'APPROVED')",
        [number],
      );
      if (rows[0]?.n !== 1) notOne++;
      const again = await fetch(`${base}/api/application-complete`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      const json = (again.status === 200 ? await again.json() : null) as { applicationNumber?: string } | null;
      if (json?.applicationNumber !== number) different++;
    }
  } finally {
    await client.end();
  }
  return { notOne, different };
}

/**
 * A call nginx does not resend and the client does not retry (not idempotent: the verification
 * calls, the PIN), answered 502 because it was in flight on the instance killed under it: it may have
 * been done, and only the applicant can tell (docs/decisions/0210-drain-behind-nginx.md). So is the
 * 409 of the PIN sent again after such a 502 when the lost call had set it (a journey sends the PIN a
 * second time only after a failure).
 */
const lostInFlight = (key: string) => /^POST \/api\/(verification-codes\/(register|verify) 502|pin (502|409))$/.test(key);

/**
 * The journeys' figures and checks of a scenario. `outage`: when 503 is what an applicant may get;
 * `killed`: an instance was killed (a call that is not idempotent may answer 502, see lostInFlight).
 */
async function journeyFigures(
  s: string,
  journeyTally: Tally,
  done: Journeys,
  options: { outage?: { from: number; to: number }; killed?: boolean } = {},
): Promise<void> {
  const { outage, killed = false } = options;
  const { notOne, different } = await completionProblems(done);
  // A call that overlapped the outage (begun before the database came back, ended after it went away).
  const inOutage = (f: { at: number; end: number }) => outage !== undefined && f.end >= outage.from && f.at <= outage.to;
  const inFlight = journeyTally.failedAt.filter((f) => killed && lostInFlight(f.key));
  const outside = journeyTally.failedAt.filter((f) => !inOutage(f) && !inFlight.includes(f));
  const not503 = journeyTally.failedAt.filter((f) => inOutage(f) && !/ 503$/.test(f.key));
  const byKey = (list: { key: string }[]) => {
    const map = new Map<string, number>();
    for (const f of list) map.set(f.key, (map.get(f.key) ?? 0) + 1);
    return showMap(map);
  };
  const reached = done.ekycReachedMs.length;
  const slowest = Math.max(0, ...done.ekycReachedMs);
  figure(s, `journeys completed (${journeyApplicants} applicants, sign-in to completion)`, done.completed, done.completed >= 1);
  figure(s, 'journeys given up (a step that never went through)', showMap(done.givenUp), done.givenUp.size === 0);
  figure(s, 'journey calls', journeyTally.requests);
  figure(s, 'journey answers other than 2xx before the client retry', journeyTally.show(journeyTally.firstTry));
  if (outage) {
    figure(s, 'failed journey calls during the outage (503 allowed)', journeyTally.failedAt.length - outside.length - inFlight.length);
    figure(s, 'failed journey calls during the outage other than 503', not503.length === 0 ? 'none' : byKey(not503), not503.length === 0);
  }
  if (killed) {
    figure(
      s,
      'calls that are not idempotent lost in flight on the killed instance (502, not resent: decision 0210; a PIN then found set: 409)',
      byKey(inFlight),
    );
  }
  figure(s, `failed calls seen by a journey applicant${outage ? ' outside the outage' : ''}`, byKey(outside), outside.length === 0);
  figure(
    s,
    `eKYC results the provider accepted / at the API within ${ekycResultBoundMs / 1000} s (slowest)`,
    `${done.ekycAccepted} / ${reached} (${(slowest / 1000).toFixed(1)} s)`,
    reached === done.ekycAccepted,
  );
  figure(s, 'completions acknowledged', done.completions.length);
  figure(s, 'acknowledged completions without exactly one application of that number', notOne, notOne === 0);
  figure(s, 'acknowledged completions answered differently when called again', different, different === 0);
}

const showMap = (map: Map<string, number>) =>
  map.size === 0 ? '0' : `${[...map.values()].reduce((a, b) => a + b, 0)} (${[...map.entries()].map(([k, v]) => `${k}: ${v}`).join(', ')})`;

/** Until every applicant has had `n` more saves acknowledged in this phase. */
const everyoneSaved = (people: Applicant[], n: number, timeoutMs = 120_000) =>
  until(`${n} acknowledged saves per applicant`, () => people.every((a) => a.ackedInPhase >= n), timeoutMs);

/** Every acknowledged save is what the API gives back now (the last acknowledged one, or a later one sent). */
async function lostSaves(people: Applicant[]): Promise<number> {
  let lost = 0;
  for (const a of people) {
    const response = await fetch(`${base}/api/applications`, { headers: { authorization: `Bearer ${a.token}` } });
    const json: unknown = response.status === 200 ? await response.json() : null;
    const seen = savedNumber(json);
    if (seen === null || seen < a.acked || seen > a.sent || (a.acked > 0 && !laterStepsSaved(json))) lost++;
  }
  return lost;
}

// ---------------------------------------------------------------- the cluster

interface ClusterStatus {
  rolling: 'idle' | 'running';
  processes: { name: string; pid: number | null; port: number | null; restarts: number }[];
}
const readStatus = (): ClusterStatus => JSON.parse(readFileSync(join(work, 'cluster/status.json'), 'utf8')) as ClusterStatus;
const accessLog = () => join(work, 'cluster/logs/access.log');
/** Lines nginx logged since `from` (a byte offset) for requests it sent to more than one instance. */
function resentByNginx(from: number): { resent: number; lines: string[] } {
  const text = readFileSync(accessLog()).subarray(from).toString('utf8');
  const lines = text.split('\n').filter((l) => /upstream=\S+, /.test(l));
  return { resent: lines.length, lines };
}
const logOffset = () => (existsSync(accessLog()) ? statSync(accessLog()).size : 0);
const instancePids = () =>
  readStatus()
    .processes.filter((p) => p.port !== null)
    .map((p) => p.pid);

function startCluster(databaseUrl: string, webDist: string): ChildProcess {
  const out = openSync(join(work, 'cluster.log'), 'w');
  return spawn(process.execPath, ['scripts/start-cluster.ts'], {
    cwd: root,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      CLUSTER_PORT: String(ports.cluster),
      API_PORTS: ports.api.join(','),
      METRICS_PORTS: ports.metrics.join(','),
      EKYC_SIM_PORT: String(ports.sim),
      // The simulator's sessions and webhooks of this run only (not var/ekyc-sim.sqlite of the checkout).
      SIM_DATABASE: join(work, 'ekyc-sim.sqlite'),
      CLUSTER_DIR: join(work, 'cluster'),
      HANDOVER_DIRS: handoverDirs.join(','),
      WEB_DIST_DIR: webDist,
      ADMIN_DIST_DIR: webDist,
      LOG_LEVEL: 'warn',
      DB_CONNECT_TIMEOUT_MS: String(dbConnectTimeoutMs),
    },
  });
}

// ---------------------------------------------------------------- the scenarios

interface Figure {
  scenario: string;
  name: string;
  value: string;
  ok: boolean;
}
const figures: Figure[] = [];
const figure = (scenario: string, name: string, value: string | number, ok = true) => {
  figures.push({ scenario, name, value: String(value), ok });
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${scenario}: ${name}: ${value}`);
};

async function killOne(people: Applicant[], journeys: Journey[]): Promise<void> {
  const s = 'kill -9 of one instance';
  log(`${s} …`);
  const { tally, journeyTally, done, stop } = load(people, journeys);
  await everyoneSaved(people, 2);
  const [victim, survivor] = instancePids();
  const offset = logOffset();
  const killedAt = Date.now();
  process.kill(victim!, 'SIGKILL');
  await until('the launcher started the instance again', () => {
    const pids = instancePids();
    return pids[0] !== victim && pids[0] ? pids[0] : undefined;
  });
  await until('the new instance is ready', async () => (await status(`http://127.0.0.1:${ports.api[0]}/api/ready`)) === 200);
  const back = (Date.now() - killedAt) / 1000;
  for (const a of people) a.ackedInPhase = 0;
  for (const j of journeys) j.completedInPhase = 0;
  await everyoneSaved(people, 3);
  await everyoneCompleted(journeys, 1);
  await stop();
  const lost = await lostSaves(people);
  figure(s, 'requests', tally.requests);
  figure(s, 'answers other than 2xx before the client retry', tally.show(tally.firstTry));
  const resent = resentByNginx(offset);
  const byMethod = (m: string) => resent.lines.filter((l) => l.includes(`"${m} `)).length;
  figure(
    s,
    'requests nginx resent to the other instance (connection refused or lost in flight)',
    `${resent.resent} (GET ${byMethod('GET')}, POST ${byMethod('POST')})`,
  );
  figure(s, 'calls retried by the client and then answered', tally.retriedOk);
  figure(s, 'failed calls seen by an applicant', tally.show(tally.failed), tally.count(tally.failed) === 0);
  figure(s, 'acknowledged saves lost', lost, lost === 0);
  figure(s, 'reads older than an acknowledged save', tally.staleReads, tally.staleReads === 0);
  figure(s, 'the other instance kept running (same pid)', instancePids()[1] === survivor ? 'yes' : 'no', instancePids()[1] === survivor);
  figure(s, 'killed instance started again by the launcher (new pid) and ready', `${back.toFixed(1)} s`);
  await journeyFigures(s, journeyTally, done, { killed: true });
}

async function rollingRestart(people: Applicant[], journeys: Journey[], launcher: ChildProcess): Promise<void> {
  const s = 'rolling restart';
  log(`${s} …`);
  const { tally, journeyTally, done, stop } = load(people, journeys);
  await everyoneSaved(people, 2);
  const before = instancePids();
  const offset = logOffset();
  const resentBefore = resentOnClosedConnection;
  const t0 = Date.now();
  launcher.kill('SIGHUP');
  await until('the rolling restart to begin', () => readStatus().rolling === 'running', 10_000, 20);
  await until('the rolling restart to end', () => {
    const st = readStatus();
    const pids = instancePids();
    return st.rolling === 'idle' && pids.every((p, i) => p !== before[i]);
  });
  const took = (Date.now() - t0) / 1000;
  for (const a of people) a.ackedInPhase = 0;
  for (const j of journeys) j.completedInPhase = 0;
  await everyoneSaved(people, 2);
  await everyoneCompleted(journeys, 1);
  await stop();
  const lost = await lostSaves(people);
  figure(s, 'requests', tally.requests);
  figure(s, 'requests nginx resent to the other instance (connection refused)', resentByNginx(offset).resent);
  figure(
    s,
    'requests sent again by the client, as a browser does, on a kept-alive connection nginx closed unread while it reloaded',
    resentOnClosedConnection - resentBefore,
  );
  figure(s, 'answers other than 2xx (before any client retry)', tally.show(tally.firstTry), tally.count(tally.firstTry) === 0);
  figure(s, 'failed calls seen by an applicant', tally.show(tally.failed), tally.count(tally.failed) === 0);
  figure(s, 'acknowledged saves lost', lost, lost === 0);
  figure(s, 'reads older than an acknowledged save', tally.staleReads, tally.staleReads === 0);
  figure(s, 'both instances restarted, one after the other', `${took.toFixed(1)} s`);
  await journeyFigures(s, journeyTally, done);
}

async function databaseOutage(people: Applicant[], journeys: Journey[], server: OwnPostgres): Promise<void> {
  const s = 'PostgreSQL stopped for 10 s';
  log(`${s} …`);
  const { tally, journeyTally, done, stop } = load(people, journeys);
  await everyoneSaved(people, 2);
  const pids = instancePids();
  const stoppedAt = Date.now();
  // Not spawnSync: the applicants' answers are timed by this process while PostgreSQL shuts down.
  const stopped = server.stopInBackground();
  // What an applicant gets while the database is away: 503, quickly.
  const first503 = await until('a 503 through nginx', async () => {
    const a = people[0]!;
    const r = await fetch(`${base}/api/applications/personal`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...personalPayload, ...a.subAddress(0) }),
    });
    await r.arrayBuffer();
    return r.status === 503 ? Date.now() - stoppedAt : undefined;
  });
  await stopped;
  const readyDown = await until('/api/ready 503 on both instances', async () => {
    const codes = await Promise.all(ports.api.map((p) => status(`http://127.0.0.1:${p}/api/ready`)));
    return codes.every((c) => c === 503) ? codes : undefined;
  });
  // The scenario is a 10-second outage: the load goes on meanwhile.
  await sleep(Math.max(0, 10_000 - (Date.now() - stoppedAt)));
  const outageTally = { ...tally, firstTry: new Map(tally.firstTry), failed: new Map(tally.failed) };
  const slowest = tally.slowestFailure;
  server.start();
  const restartedAt = Date.now();
  for (const a of people) a.ackedInPhase = 0;
  for (const j of journeys) j.completedInPhase = 0;
  await until(
    '/api/ready 200 on both instances',
    async () => (await Promise.all(ports.api.map((p) => status(`http://127.0.0.1:${p}/api/ready`)))).every((c) => c === 200),
    60_000,
    50,
  );
  const readyAt = Date.now();
  const readyAfter = (readyAt - restartedAt) / 1000;
  await until('a save acknowledged', () => people.some((a) => a.ackedInPhase > 0), 60_000, 20);
  const serving = (Date.now() - restartedAt) / 1000;
  await everyoneSaved(people, 2);
  await everyoneCompleted(journeys, 1);
  await stop();
  const lost = await lostSaves(people);
  const unexpected = [...outageTally.failed.keys(), ...outageTally.firstTry.keys()].filter((k) => !/ 503$/.test(k));
  figure(s, 'requests', tally.requests);
  figure(s, 'answers other than 2xx during the outage (before the client retry)', tally.show(outageTally.firstTry));
  figure(s, 'answers other than 503 during the outage', unexpected.length === 0 ? 'none' : unexpected.join(', '), unexpected.length === 0);
  figure(s, 'first 503 through nginx after the stop', `${first503} ms`);
  figure(s, `slowest failed answer (DB_CONNECT_TIMEOUT_MS ${dbConnectTimeoutMs} ms)`, `${slowest} ms`, slowest <= dbConnectTimeoutMs + 1000);
  figure(s, '/api/ready while stopped', readyDown.join(', '), true);
  figure(s, '/api/ready 200 on both instances after the start', `${readyAfter.toFixed(1)} s`, readyAfter <= 5);
  figure(s, 'first acknowledged save after the start', `${serving.toFixed(1)} s`, serving <= 5);
  figure(
    s,
    'instances restarted',
    instancePids().every((p, i) => p === pids[i]) ? 'none' : 'some',
    instancePids().every((p, i) => p === pids[i]),
  );
  figure(s, 'acknowledged saves lost', lost, lost === 0);
  figure(s, 'reads older than an acknowledged save', tally.staleReads, tally.staleReads === 0);
  await journeyFigures(s, journeyTally, done, { outage: { from: stoppedAt, to: readyAt } });
}

/**
 * After a scenario: the reviewers pause, and every application approved so far is in the exported
 * files exactly once, over both instances' HANDOVER_DIRs, with nothing left in the outbox.
 */
async function handoverFigures(s: string, approvals: Approvals): Promise<void> {
  await approvals.pause();
  const since = Date.now();
  const check = await approvals.check();
  figure(
    s,
    'approvals so far (by two, through nginx)',
    `${check.approved} (approve calls ${approvals.approveCalls}, not 200: ${approvals.failedCalls})`,
    check.approved > 0,
  );
  figure(s, 'hand-overs waiting in the outbox after the exporter ran', `${check.waiting} (${((Date.now() - since) / 1000).toFixed(1)} s)`, check.waiting === 0);
  figure(s, 'approved applications missing from the exported files', check.missing, check.missing === 0);
  figure(s, 'exported lines twice or of no approved application', check.twice, check.twice === 0);
  figure(s, 'account lines per instance folder', check.byDir.join(' + '));
  approvals.start();
}

async function npmStartExitStatus(webDist: string): Promise<void> {
  const s = '`npm start` when its API dies';
  log(`${s} …`);
  const dataDir = join(work, 'start');
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    stdio: ['ignore', openSync(join(work, 'start.log'), 'w'), openSync(join(work, 'start.log'), 'a')],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(ports.start),
      EKYC_SIM_PORT: String(ports.startSim),
      DATABASE_URL: `sqlite:${join(dataDir, 'koza.sqlite')}`,
      SIM_DATABASE: join(dataDir, 'ekyc-sim.sqlite'),
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'warn',
      METRICS_PORT: 'off',
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    // Ready, or out at once with the reason when `npm start` gave up before (its log says why).
    const gaveUp = exited.then((code) => {
      throw new Error(`npm start exited (${code}) before it answered /api/health; its log: ${join(work, 'start.log')}`);
    });
    await Promise.race([until('npm start ready', async () => (await status(`http://127.0.0.1:${ports.start}/api/health`)) === 200, 300_000, 200), gaveUp]);
    const apiPid = await until('the API process', () => {
      const ps = spawnSync('pgrep', ['-P', String(child.pid), '-f', 'apps/api/src/server.ts'], { encoding: 'utf8' }).stdout ?? '';
      const pid = Number(ps.trim().split('\n')[0]);
      return pid > 0 ? pid : undefined;
    });
    process.kill(apiPid, 'SIGKILL');
    const code = await exited;
    figure(s, 'exit status after kill -9 of its API', String(code), code !== 0 && code !== null);
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
}

// ---------------------------------------------------------------- the run

function writeDoc(passed: boolean): void {
  const file = join(root, 'docs/benchmarks.md');
  const kept = withoutFaultsSection(file);
  const by = new Map<string, Figure[]>();
  for (const f of figures) by.set(f.scenario, [...(by.get(f.scenario) ?? []), f]);
  const lines = [
    faultsHeading,
    '',
    'Written by `npm run test:faults` (scripts/faults.ts): checks, not only figures — the run fails when one',
    "fails, and that line is marked **check failed** here. nginx → two API instances → a PostgreSQL of the test's own, " +
      `${applicants} applicants each saving the general flow's four steps (personal, workplace, branch, seal-less) and reading them back through nginx, and ` +
      `${journeyApplicants} going through the whole general journey (sign-in, the saves, PIN, eKYC PASSED at the simulator, the status polled, completion) again and again, with the web client's retry`,
    'of idempotent calls (docs/decisions/0210-drain-behind-nginx.md, 0215-whole-journeys-under-faults.md).',
    '',
    `- date: ${new Date().toISOString()}`,
    `- machine: ${cpus()[0]?.model ?? 'unknown'}, ${cpus().length} cores, Node ${process.version}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}`,
    `- result: ${passed ? 'every check passed' : 'a check FAILED'}; ${((Date.now() - started) / 1000).toFixed(0)} s`,
    '',
  ];
  for (const [scenario, list] of by) {
    lines.push(`### ${scenario}`, '');
    for (const f of list) lines.push(`- ${f.name}: ${f.value}${f.ok ? '' : ' — **check failed**'}`);
    lines.push('');
  }
  writeFileSync(file, `${kept.replace(/\n*$/, '\n')}\n${lines.join('\n')}`);
  log('written to docs/benchmarks.md');
}

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const webDist = join(work, 'web');
mkdirSync(webDist, { recursive: true });
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>faults</title>');

// Under the system's temporary directory: when the test runs as root the server runs as `postgres`,
// which may not be allowed into the checkout.
const postgres = new OwnPostgres(join(tmpdir(), `koza-faults-postgres-${ports.postgres}`), ports.postgres);
let launcher: ChildProcess | undefined;
let failed = false;
try {
  log(`PostgreSQL of its own on :${ports.postgres} (${postgres.bin}) …`);
  await postgres.create();
  databaseUrl = await postgres.createDatabase('koza_faults');
  log(`cluster on :${ports.cluster} (log: ${join(work, 'cluster.log')}) …`);
  launcher = startCluster(databaseUrl, webDist);
  const launcherExit = new Promise<number | null>((resolve) => launcher!.once('exit', (code) => resolve(code)));
  await until(
    'the cluster to be ready',
    async () => {
      if (launcher!.exitCode !== null) throw new Error('the launcher stopped; see var/faults/cluster.log');
      return existsSync(join(work, 'cluster/status.json')) && (await status(`${base}/api/ready`)) === 200;
    },
    300_000,
    200,
  );
  const people = Array.from({ length: applicants }, (_, i) => new Applicant(i));
  await Promise.all(people.map(signIn));
  log(`${applicants} applicants signed in`);
  const journeys = Array.from({ length: journeyApplicants }, (_, i) => new Journey(i));

  const approvals = new Approvals(databaseUrl, ports.cluster, handoverDirs);
  await approvals.setUp();
  approvals.start();
  log('two reviewers approve what the journeys complete');

  await killOne(people, journeys);
  await handoverFigures('kill -9 of one instance', approvals);
  await rollingRestart(people, journeys, launcher);
  await handoverFigures('rolling restart', approvals);
  await databaseOutage(people, journeys, postgres);
  await handoverFigures('PostgreSQL stopped for 10 s', approvals);
  await approvals.pause();

  const stopped = launcher.kill('SIGTERM') && (await launcherExit);
  figure('cluster', 'launcher exit status after SIGTERM', String(stopped), stopped === 0);
  launcher = undefined;
  await npmStartExitStatus(webDist);
} catch (error) {
  console.error(`[faults] ${(error as Error).stack ?? String(error)}`);
  figures.push({ scenario: 'run', name: 'error', value: (error as Error).message, ok: false });
  failed = true;
} finally {
  if (launcher && launcher.exitCode === null) {
    const exit = new Promise((r) => launcher!.once('exit', r));
    launcher.kill('SIGTERM');
    await exit;
  }
  postgres.destroy();
}
failed ||= figures.some((f) => !f.ok);
// `npm test` runs this without touching the tracked file (FAULTS_WRITE_DOC=0).
if (process.env.FAULTS_WRITE_DOC !== '0') writeDoc(!failed);
console.log(`\n[faults] ${failed ? 'FAILED' : 'all checks passed'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(failed ? 1 : 0);
