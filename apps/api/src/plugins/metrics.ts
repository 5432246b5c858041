import { existsSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import type { StatsFs } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/database.ts';
import type { EkycProvider } from '../adapters/ekyc-provider.ts';
import type { MailSender } from '../adapters/mail.ts';
import type { AccountSystemHandover } from '../adapters/handover.ts';
import { outboxBacklog } from '../db/repositories/handover-outbox-repository.ts';
import { applicationCounts, jobOutcomes } from '../db/repositories/operations-repository.ts';

// Prometheus metrics (decision 0103) with prom-client. One registry per app (tests build many apps
// in one process), served by a plain node:http listener on its OWN port (METRICS_PORT, loopback by
// default) so the internet-facing port never exposes them. Labels are route templates and status
// codes only: never a path with an id in it, never anything personal.
// What the alerts of deploy/prometheus/ need besides (issue 36, decision 0223): eKYC starts, webhooks
// and provider latency, hand-overs, readiness, each job's last success and failure (read from job_runs,
// so a backup run by cron on another host shows on every instance), applications per bank and status,
// and the free space of the data and hand-over directories. The database-read gauges are read when
// scraped; a database that does not answer leaves them out of that scrape instead of failing it.

export interface AppMetrics {
  readonly registry: Registry;
  readonly mailsSent: Counter<'result'>;
  readonly ekycPolls: Counter<'result'>;
  readonly completions: Counter;
  readonly ekycStarts: Counter<'result'>;
  readonly ekycProviderDuration: Histogram<'operation'>;
  readonly handovers: Counter<'result'>;
  /** Tells the readiness gauge how to find out (the same answer as GET /api/ready). */
  watchReadiness(check: () => Promise<boolean>): void;
  /** Failed staff sign-ins per bank and reason (unknown, password, totp, disabled, throttled): an alert can fire. */
  readonly staffSignInFailures: Counter<'bank' | 'reason'>;
  /** Staff calls refused under /api/admin (403, 404) per bank and status. */
  readonly staffRefusals: Counter<'bank' | 'status'>;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** Starts the metrics listener; resolves to the port it listens on. */
  serve(host: string, port: number): Promise<number>;
  close(): Promise<void>;
}

/** Directories whose file system's free space is exported (koza_disk_*_bytes{dir}). */
export type WatchedDirs = Readonly<Record<'data' | 'handover', string>>;

/** The nearest directory that exists: a directory not yet created fills the file system it will be on. */
function existingAncestor(path: string): string {
  let dir = path;
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

const seconds = (ms: number | null): number | null => (ms === null ? null : ms / 1000);

/** One read shared by the callers that ask while it runs (the gauges of one scrape), fresh afterwards. */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= read().finally(() => {
      pending = null;
    }));
}

/** Requests answered and their durations, by route template. */
function httpMetrics(registry: Registry) {
  const requests = new Counter({
    name: 'koza_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'koza_http_request_duration_seconds',
    help: 'Time to answer, by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return { requests, duration };
}

/** The PostgreSQL pool of this instance, read when scraped. */
function poolGauge(registry: Registry, db: Db): void {
  new Gauge({
    name: 'koza_db_pool_connections',
    help: 'PostgreSQL pool of this instance: open (total), idle, requests waiting for a connection, and the maximum',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = db.poolStats?.();
      if (!stats) return;
      for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, stats[state]);
    },
  });
}

/** What the applicant's journey and the hand-over count: mails, eKYC at the provider, completions, hand-overs. */
function journeyMetrics(registry: Registry) {
  const mailsSent = new Counter({
    name: 'koza_mails_sent_total',
    help: 'Mails handed to the mail server (or the development outbox), by result',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const ekycPolls = new Counter({
    name: 'koza_ekyc_polls_total',
    help: 'Status look-ups at the eKYC provider (GET /v1/sessions/{id}), by result',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const completions = new Counter({
    name: 'koza_completions_total',
    help: 'Applications completed (POST /api/application-complete answered 2xx)',
    registers: [registry],
  });

  const ekycStarts = new Counter({
    name: 'koza_ekyc_starts_total',
    help: 'eKYC sessions opened at the provider (POST /v1/sessions), by result',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const ekycWebhooks = new Counter({
    name: 'koza_ekyc_webhooks_total',
    help: "The provider's webhooks received, by result (ok, signature_invalid, invalid, failed)",
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const ekycProviderDuration = new Histogram({
    name: 'koza_ekyc_provider_duration_seconds',
    help: 'Time the eKYC provider took to answer, by operation (create_session, get_session), failures included',
    labelNames: ['operation'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const handovers = new Counter({
    name: 'koza_handovers_total',
    help: "Approved applications handed over to the bank's account system, by result",
    labelNames: ['result'] as const,
    registers: [registry],
  });
  // Failures start at 0, so the first one after a restart shows as an increase.
  for (const counter of [mailsSent, ekycPolls, ekycStarts, handovers]) counter.inc({ result: 'failed' }, 0);
  ekycWebhooks.inc({ result: 'signature_invalid' }, 0);
  ekycWebhooks.inc({ result: 'failed' }, 0);

  return { mailsSent, ekycPolls, completions, ekycStarts, ekycWebhooks, ekycProviderDuration, handovers };
}

/**
 * Gauges read from the database and the file system when scraped: readiness (through `readiness()`),
 * each job's last success and failure, applications per bank and status, free space of the directories.
 */
function scrapedGauges(registry: Registry, db: Db, dirs: WatchedDirs, readiness: () => Promise<boolean>): void {
  new Gauge({
    name: 'koza_ready',
    help: 'Whether this instance takes traffic (1) or not (0): the answer of GET /api/ready',
    registers: [registry],
    async collect() {
      this.set((await readiness().catch(() => false)) ? 1 : 0);
    },
  });
  // The registry collects every metric at once: the two gauges of a pair share one read per scrape.
  const readJobs = sharedRead(() => jobOutcomes(db).catch(() => []));
  const jobGauge = (name: string, outcome: string, at: (row: Awaited<ReturnType<typeof jobOutcomes>>[number]) => number | null) =>
    new Gauge({
      name,
      help: `End of the last ${outcome} run of a job (retention, backup, audit-verify), from the database`,
      // Not `job`: Prometheus sets that label itself for the scrape target.
      labelNames: ['name'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await readJobs()) {
          const value = seconds(at(row));
          if (value !== null) this.set({ name: row.name }, value);
        }
      },
    });
  jobGauge('koza_job_last_success_timestamp_seconds', 'successful', (row) => row.lastSucceededAt);
  jobGauge('koza_job_last_failure_timestamp_seconds', 'failed', (row) => row.lastFailedAt);
  new Gauge({
    name: 'koza_applications',
    help: 'Applications in the database, by bank and status (COMPLETED: waiting for review)',
    labelNames: ['bank', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await applicationCounts(db).catch(() => [])) this.set({ bank: row.bankCode, status: row.status }, row.n);
    },
  });
  // The hand-over outbox (decision 0249): approvals whose files the exporter has not written yet.
  const readOutbox = sharedRead(() => outboxBacklog(db).catch(() => null));
  new Gauge({
    name: 'koza_handover_outbox_entries',
    help: 'Approvals whose hand-over waits in the outbox for the exporter to write it (decision 0249)',
    registers: [registry],
    async collect() {
      this.reset();
      const backlog = await readOutbox();
      if (backlog) this.set(backlog.entries);
    },
  });
  new Gauge({
    name: 'koza_handover_outbox_oldest_approval_timestamp_seconds',
    help: 'Approval time of the oldest hand-over not yet exported (absent when none waits)',
    registers: [registry],
    async collect() {
      this.reset();
      const oldest = seconds((await readOutbox())?.oldestApprovedAt ?? null);
      if (oldest !== null) this.set(oldest);
    },
  });
  const readDisks = sharedRead(() =>
    Promise.all(Object.entries(dirs).map(async ([dir, path]) => ({ dir, stats: await statfs(existingAncestor(path)).catch(() => null) }))),
  );
  const diskGauge = (name: string, help: string, bytes: (stats: StatsFs) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['dir'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const { dir, stats } of await readDisks()) if (stats) this.set({ dir }, bytes(stats));
      },
    });
  diskGauge('koza_disk_size_bytes', 'Size of the file system holding a directory of this instance (data, handover)', (s) => s.blocks * s.bsize);
  diskGauge(
    'koza_disk_free_bytes',
    'Space free to this process on the file system holding a directory of this instance (data, handover)',
    (s) => s.bavail * s.bsize,
  );
}

/** The back office's refusals and failed sign-ins, per bank. */
function staffMetrics(registry: Registry) {
  const staffSignInFailures = new Counter({
    name: 'koza_staff_sign_in_failures_total',
    help: 'Failed back-office sign-ins, by bank and reason (unknown id, password, totp, passkey, disabled, throttled, local-off, provider)',
    labelNames: ['bank', 'reason'] as const,
    registers: [registry],
  });
  const staffRefusals = new Counter({
    name: 'koza_staff_refusals_total',
    help: 'Back-office calls refused with 403 or 404, by bank and status',
    labelNames: ['bank', 'status'] as const,
    registers: [registry],
  });

  return { staffSignInFailures, staffRefusals };
}

/** The metrics listener: a plain node:http server on its own port answering GET /metrics. */
function metricsListener(registry: Registry): Pick<AppMetrics, 'serve' | 'close'> {
  let server: Server | null = null;
  let defaultsCollected = false;
  return {
    async serve(host: string, port: number) {
      if (!defaultsCollected) {
        // Process metrics (CPU, memory, event loop lag) only for a served registry: tests skip the timers.
        collectDefaultMetrics({ register: registry, prefix: 'koza_' });
        defaultsCollected = true;
      }
      server = createServer((req, res) => {
        if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
          return;
        }
        registry.metrics().then(
          (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
          () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
        );
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, host, () => resolve());
      });
      return (listening.address() as AddressInfo).port;
    },
    async close() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
}

export function createMetrics(db: Db, dirs: WatchedDirs): AppMetrics {
  const registry = new Registry();
  const { requests, duration } = httpMetrics(registry);
  poolGauge(registry, db);
  const journey = journeyMetrics(registry);
  let readiness: () => Promise<boolean> = async () => true;
  scrapedGauges(registry, db, dirs, () => readiness());
  return {
    registry,
    ...journey,
    ...staffMetrics(registry),
    watchReadiness(check) {
      readiness = check;
    },
    observeRequest(method: string, route: string, status: number, elapsed: number) {
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, elapsed);
      if (route === '/api/ekyc/webhook' && method === 'POST') journey.ekycWebhooks.inc({ result: webhookResult(status) });
    },
    ...metricsListener(registry),
  };
}

/** The webhook's answer (routes/ekyc-webhook): 2xx recorded (or seen before), 401 bad signature, 400 not a result. */
function webhookResult(status: number): string {
  if (status < 300) return 'ok';
  if (status === 401) return 'signature_invalid';
  return status < 500 ? 'invalid' : 'failed';
}

/**
 * Counts an answered request by its route template (unmatched paths share one label): the onResponse
 * hook of plugins/request-hooks.ts.
 */
export function observeAnswer(metrics: AppMetrics, request: FastifyRequest, reply: FastifyReply): void {
  const route = request.routeOptions.url ?? 'unmatched';
  metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  if (route === '/api/application-complete' && request.method === 'POST' && reply.statusCode < 300) metrics.completions.inc();
}

/** Closes the metrics listener with the app. */
export function installMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onClose', async () => metrics.close());
}

/** The mail sender, counting what it sends. */
export function countingMailSender(inner: MailSender, metrics: AppMetrics): MailSender {
  return {
    async send(mail) {
      try {
        await inner.send(mail);
        metrics.mailsSent.inc({ result: 'sent' });
      } catch (error) {
        metrics.mailsSent.inc({ result: 'failed' });
        throw error;
      }
    },
    close: inner.close ? () => inner.close!() : undefined,
  };
}

/** Counts `call` under `counter` by result (ok, failed) and, given a histogram, times it. */
async function counted<T>(counter: Counter<'result'>, call: () => Promise<T>, timer?: () => void): Promise<T> {
  try {
    const value = await call();
    counter.inc({ result: 'ok' });
    return value;
  } catch (error) {
    counter.inc({ result: 'failed' });
    throw error;
  } finally {
    timer?.();
  }
}

/** The eKYC provider, counting and timing its session starts and status look-ups (the polls). */
export function countingEkycProvider(inner: EkycProvider, metrics: AppMetrics): EkycProvider {
  const timer = (operation: string) => metrics.ekycProviderDuration.startTimer({ operation });
  return {
    createSession: (input) => counted(metrics.ekycStarts, () => inner.createSession(input), timer('create_session')),
    getSession: (sessionId) => counted(metrics.ekycPolls, () => inner.getSession(sessionId), timer('get_session')),
    getImage: (sessionId, kind) => inner.getImage(sessionId, kind),
  };
}

/** The hand-over to the account system, counting what it hands over and what fails. */
export function countingHandover(inner: AccountSystemHandover, metrics: AppMetrics): AccountSystemHandover {
  return { handOver: (record) => counted(metrics.handovers, () => inner.handOver(record)) };
}
