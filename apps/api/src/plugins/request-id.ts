import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

// Request ids (decision 0102): every log line of a request carries `reqId` (Fastify's request
// logger) and every answer carries it as X-Request-Id. An incoming X-Request-Id is honoured only
// from a trusted proxy (the load balancer that generated it), never from a client: a client could
// otherwise put anything (a mail address, a forged id) into our logs.

const acceptableId = /^[A-Za-z0-9._:-]{8,128}$/;

/** Whether the peer that sent this request is a configured proxy (TRUST_PROXY: same rules as X-Forwarded-For). */
export function trustsPeer(trustProxy: boolean | number | string): (address: string | undefined) => boolean {
  if (trustProxy === false) return () => false;
  if (trustProxy === true) return (address) => address !== undefined;
  if (typeof trustProxy === 'number') return (address) => address !== undefined && trustProxy >= 1;
  const trusted = proxyAddr.compile(
    trustProxy
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );
  return (address) => address !== undefined && trusted(address, 0);
}

export function requestIdGenerator(trustProxy: boolean | number | string, fresh: () => string): (req: IncomingMessage) => string {
  const trusted = trustsPeer(trustProxy);
  return (req) => {
    const incoming = req.headers['x-request-id'];
    if (typeof incoming === 'string' && acceptableId.test(incoming) && trusted(req.socket?.remoteAddress)) return incoming;
    return fresh();
  };
}

// X-Request-Id goes on every answer (so a user's report or a proxy's log line finds our log lines):
// set by the one onRequest hook of plugins/request-hooks.ts.
