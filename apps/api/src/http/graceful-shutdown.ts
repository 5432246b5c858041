import { Server as NetServer } from 'node:net';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { codeForStatus, messageForStatus } from './errors.ts';

// Shutdown without dropping requests (issue 12, docs/decisions/0092-slow-clients-and-shutdown.md;
// issue 27, docs/decisions/0210-drain-behind-nginx.md). On SIGTERM: readiness turns 503 first
// (GET /api/ready), and for `readyDelayMs` the instance goes on as before, so a load balancer that
// probes it stops sending; then it stops accepting connections; requests already received, and
// requests that still arrive on connections it already had, run to their answer, and every answer
// says `Connection: close`, so a proxy never reuses such a connection; a connection left idle is
// closed once it has had a moment to send what may already be on its way (`idleCloseMs`, longer than
// the proxy's own idle timeout: nginx closes first, no request meets a closing connection); then the
// app closes (database last) and the process exits 0. Whatever is still open when the grace period
// ends is cut (a request still arriving gets 503), so the exit comes within 10 s.
//
// Node's http Server.close() is not used to stop listening: it also closes every connection that
// is idle at that instant, including those whose next request is already in flight from the client
// — the client then sees ECONNRESET for a request it sent (what the attack counted: 41–47 of them).

export interface DrainState {
  /** Answers carry `Connection: close`; the listener is closed. */
  draining: boolean;
  /** GET /api/ready answers 503 (set first, before the listener closes). */
  notReady: boolean;
}

interface Tracked {
  active: number;
  idleSince: number;
  /** The answer of the request in progress (the last one, with pipelining). */
  response: ServerResponse | undefined;
}

export interface ShutdownOptions {
  /** How long readiness answers 503 before the listener closes (a probing load balancer's reaction time). */
  readyDelayMs?: number;
  /** How long requests already received may take; then what is left is cut. */
  graceMs: number;
  /**
   * How long a connection with no request in progress is left open after draining began (or after its
   * last answer) before it is closed: a client may have sent its next request already (default 1.5 s).
   */
  idleCloseMs?: number;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  /** Security headers for the 503 given to a request cut at the end of the grace period (one whose body is still arriving). */
  answerHeaders: Readonly<Record<string, string>>;
}

/**
 * Tracks connections from now on (call before listen) and returns `shutdown()`: resolves when every
 * connection is closed and the app is closed (onClose hooks: database, timers).
 */
export function gracefulShutdown(app: FastifyInstance, drain: DrainState, options: ShutdownOptions): () => Promise<void> {
  const server = app.server;
  const idleCloseMs = options.idleCloseMs ?? 1500;
  const sockets = new Map<Socket, Tracked>();
  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { active: 0, idleSince: Date.now(), response: undefined });
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (request, response) => {
    const tracked = sockets.get(request.socket);
    if (!tracked) return;
    tracked.active += 1;
    tracked.response = response;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      tracked.active -= 1;
      tracked.idleSince = Date.now();
      if (tracked.response === response) tracked.response = undefined;
    };
    response.once('finish', finish);
    response.once('close', finish);
  });

  let running: Promise<void> | undefined;
  return () => {
    running ??= (async () => {
      drain.notReady = true;
      if (options.readyDelayMs) await new Promise((resolve) => setTimeout(resolve, options.readyDelayMs));
      const started = Date.now();
      drain.draining = true;
      // Stop accepting (net.Server.close: the listening socket only; see above). Drained means: the
      // listener is closed AND every connection this module tracks has closed. net.Server's own
      // callback is not enough: it was seen firing within 50 ms under load with 50 connections still
      // open (then app.close() reset them all), so the tracked set decides.
      let finished = false;
      const listenerClosed = new Promise<void>((resolve) =>
        NetServer.prototype.close.call(server, (error?: Error) => {
          if (error) options.log.warn({ err: error.message }, 'shutdown: closing the listener');
          resolve();
        }),
      );
      const allClosed = listenerClosed.then(
        () =>
          new Promise<void>((resolve) => {
            const check = () => {
              if (sockets.size === 0 || finished) resolve();
              else setTimeout(check, 25);
            };
            check();
          }),
      );
      for (const tracked of sockets.values()) tracked.idleSince = Math.max(tracked.idleSince, started);
      const sweep = setInterval(() => {
        const now = Date.now();
        for (const [socket, tracked] of sockets) {
          if (tracked.active === 0 && now - tracked.idleSince >= idleCloseMs) {
            sockets.delete(socket);
            socket.end();
            socket.destroySoon();
          }
        }
      }, 50);
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<'deadline'>((resolve) => {
        timer = setTimeout(() => resolve('deadline'), options.graceMs);
      });
      const outcome = await Promise.race([allClosed.then(() => 'drained' as const), deadline]);
      finished = true;
      clearInterval(sweep);
      clearTimeout(timer);
      if (outcome === 'deadline') {
        const left = [...sockets.entries()];
        options.log.warn(
          { connections: left.length, requests: left.reduce((n, [, t]) => n + t.active, 0) },
          'shutdown: grace period over, cutting what is left',
        );
        for (const [socket, tracked] of left) {
          // Not yet answered (typically a body still trickling in): 503 rather than a reset.
          const response = tracked.response;
          if (response && !response.headersSent && !response.writableEnded) {
            const body = JSON.stringify({ code: codeForStatus(503), message: messageForStatus(503) });
            try {
              response.writeHead(503, {
                ...options.answerHeaders,
                'cache-control': 'no-store',
                'content-type': 'application/json; charset=utf-8',
                connection: 'close',
              });
              response.end(body, () => socket.destroy());
              setTimeout(() => socket.destroy(), 200).unref();
              continue;
            } catch {
              // fall through to the cut
            }
          }
          socket.destroy();
        }
      }
      options.log.info({ ms: Date.now() - started, outcome }, 'shutdown: connections drained');
      await app.close();
    })();
    return running;
  };
}
