import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock, SessionService } from './sessions.ts';
import type { DeliveryRow, Store } from './store.ts';

// Signed result notifications, and the background loop that sends them.
// Deliveries live in the database, so a restart resumes them. A failed attempt (network error,
// timeout or a non-2xx answer) is retried after base·2^(n-1): 1 s, 2 s, 4 s, 8 s, 16 s by default,
// six attempts in all. The loop's timers are unref'd and `stop()` (app.close()) ends it cleanly,
// aborting an attempt in flight without counting it.

export const maxAttempts = 6;
const attemptTimeoutMs = 5000;

export function signBody(rawBody: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

export interface WorkerOptions {
  readonly store: Store;
  readonly sessions: () => SessionService;
  readonly secret: string;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  /** First retry delay; doubles with each attempt. */
  readonly backoffMs: number;
  /** How often the loop looks for due work when nothing woke it. */
  readonly pollMs: number;
}

export class BackgroundWorker {
  private readonly options: WorkerOptions;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private readonly abort = new AbortController();

  constructor(options: WorkerOptions) {
    this.options = options;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.wake();
  }

  /** Runs the loop now (a result was just queued) instead of at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.tick().finally(() => {
      this.running = null;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.wake();
        return;
      }
      this.timer = setTimeout(() => this.wake(), this.options.pollMs);
      this.timer.unref();
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort.abort();
    await this.running;
  }

  private async tick(): Promise<void> {
    const { store, log } = this.options;
    try {
      this.options.sessions().sweep();
      const due = store.dueDeliveries(this.options.clock());
      await Promise.all(due.map((delivery) => this.attempt(delivery)));
    } catch (error) {
      if (!this.stopped) log.error({ err: error }, 'ekyc-sim background loop failed');
    }
  }

  private async attempt(delivery: DeliveryRow): Promise<void> {
    const { store, log, secret, clock, backoffMs } = this.options;
    let error: string | null = null;
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Signature': signBody(delivery.body, secret),
          'X-Delivery-Id': String(delivery.id),
          'User-Agent': 'koza-ekyc-sim/1',
        },
        body: delivery.body,
        redirect: 'manual',
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(attemptTimeoutMs)]),
      });
      await response.body?.cancel();
      if (response.status < 200 || response.status > 299) error = `HTTP ${response.status}`;
    } catch (cause) {
      if (this.stopped) return; // shutting down: the attempt is not counted and resumes after a restart
      error = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    }
    if (!store.db.isOpen) return;
    const now = clock();
    const attempts = delivery.attempts + 1;
    if (error === null) {
      store.recordAttempt(delivery.id, { deliveredAt: now, nextAttemptAt: null, error: null });
      log.info({ sessionId: delivery.sessionId, attempts }, 'webhook delivered');
    } else if (attempts >= maxAttempts) {
      store.recordAttempt(delivery.id, { deliveredAt: null, nextAttemptAt: null, error });
      log.warn({ sessionId: delivery.sessionId, attempts, error }, 'webhook given up');
    } else {
      const nextAttemptAt = now + backoffMs * 2 ** (attempts - 1);
      store.recordAttempt(delivery.id, { deliveredAt: null, nextAttemptAt, error });
      log.warn({ sessionId: delivery.sessionId, attempts, error, retryInMs: nextAttemptAt - now }, 'webhook failed; will retry');
      // The poll runs at its own pace; make sure a short backoff is not stretched to the poll interval.
      if (!this.stopped && backoffMs < this.options.pollMs) {
        setTimeout(() => this.wake(), nextAttemptAt - now).unref();
      }
    }
  }
}
