import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/database.ts';
import type { EkycProvider } from '../adapters/ekyc-provider.ts';
import type { MailSender } from '../adapters/mail.ts';

// Prometheus metrics (decision 0103) with prom-client. One registry per app (tests build many apps
// in one process), served by a plain node:http listener on its OWN port (METRICS_PORT, loopback by
// default) so the internet-facing port never exposes them. Labels are route templates and status
// codes only: never a path with an id in it, never anything personal.

export interface AppMetrics {
  readonly registry: Registry;
  readonly mailsSent: Counter<'result'>;
  readonly ekycPolls: Counter<'result'>;
  readonly completions: Counter;
  /** Failed staff sign-ins per bank and reason (unknown, password, totp, disabled, throttled): an alert can fire. */
  readonly staffSignInFailures: Counter<'bank' | 'reason'>;
  /** Staff calls refused under /api/admin (403, 404) per bank and status. */
  readonly staffRefusals: Counter<'bank' | 'status'>;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** Starts the metrics listener; resolves to the port it listens on. */
  serve(host: string, port: number): Promise<number>;
  close(): Promise<void>;
}

export function createMetrics(db: Db): AppMetrics {
  const registry = new Registry();
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
  // Read when scraped: the pool as it is at that moment.
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

  const staffSignInFailures = new Counter({
    name: 'koza_staff_sign_in_failures_total',
    help: 'Failed back-office sign-ins, by bank and reason (unknown id, password, totp, disabled, throttled)',
    labelNames: ['bank', 'reason'] as const,
    registers: [registry],
  });
  const staffRefusals = new Counter({
    name: 'koza_staff_refusals_total',
    help: 'Back-office calls refused with 403 or 404, by bank and status',
    labelNames: ['bank', 'status'] as const,
    registers: [registry],
  });

  let server: Server | null = null;
  let defaultsCollected = false;
  return {
    registry,
    mailsSent,
    ekycPolls,
    completions,
    staffSignInFailures,
    staffRefusals,
    observeRequest(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
    },
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

/** The eKYC provider, counting its status look-ups (the polls). */
export function countingEkycProvider(inner: EkycProvider, metrics: AppMetrics): EkycProvider {
  return {
    createSession: (input) => inner.createSession(input),
    getImage: (sessionId, kind) => inner.getImage(sessionId, kind),
    async getSession(sessionId) {
      try {
        const state = await inner.getSession(sessionId);
        metrics.ekycPolls.inc({ result: 'ok' });
        return state;
      } catch (error) {
        metrics.ekycPolls.inc({ result: 'failed' });
        throw error;
      }
    },
  };
}
