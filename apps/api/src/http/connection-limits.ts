import { createServer } from 'node:http';
import type { RequestListener, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { HttpLimits } from '../config.ts';
import { codeForStatus, messageForStatus } from './errors.ts';

// Slow clients (issue 12, docs/decisions/0092-slow-clients-and-shutdown.md). Node's defaults let a
// body trickle in forever (requestTimeout 0 in Fastify) and let one address open any number of
// connections. The server here has:
//   - headersTimeout / requestTimeout: headers, then the whole request, must arrive in time, else 408;
//   - keepAliveTimeout: an idle kept-alive connection is closed;
//   - maxConnections overall (Node refuses more at once) and a per-address cap (429, then closed);
//   - the timeouts checked every second (Node's default is every 30 s, so a 408 would come late).
// Answers written here, before any route or hook, carry the same security headers as every other.

/** An HTTP/1.1 answer written straight to a socket: `{ code, message }`, security headers, then close. */
export function rawAnswer(status: number, headers: Readonly<Record<string, string>>, extra: Readonly<Record<string, string>> = {}): string {
  const body = JSON.stringify({ code: codeForStatus(status), message: messageForStatus(status) });
  const all: Record<string, string> = {
    ...headers,
    ...extra,
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const reason = statusReasons[status] ?? 'Error';
  return `HTTP/1.1 ${status} ${reason}\r\n${Object.entries(all)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n')}\r\n\r\n${body}`;
}

const statusReasons: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  503: 'Service Unavailable',
};

/** The HTTP server Fastify runs on (its `serverFactory`), with the limits of `limits`. */
export function createLimitedServer(handler: RequestListener, limits: HttpLimits, headers: Readonly<Record<string, string>>): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
    },
    handler,
  );
  server.maxConnections = limits.maxConnections;
  if (limits.maxConnectionsPerIp > 0) capPerAddress(server, limits.maxConnectionsPerIp, headers);
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => answerClientError(error, socket, headers));
  return server;
}

function capPerAddress(server: Server, cap: number, headers: Readonly<Record<string, string>>): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
    if (count > cap) {
      // Answered, not reset: the client learns why, and a browser retries later.
      socket.end(rawAnswer(429, headers, { 'retry-after': '1' }));
      socket.destroySoon();
    }
  });
}

/** Node's 'clientError': a timeout is 408, oversized headers 431, anything else unparseable 400. */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket, headers: Readonly<Record<string, string>>): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  // An answer already under way on this socket cannot be followed by another one.
  const busy = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (socket.writable && !busy?.headersSent) socket.write(rawAnswer(status, headers));
  socket.destroy();
}
