import { hostname } from 'node:os';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../config.ts';

// What the logs may contain (DECISIONS.md §5: a PIN, a code or a token never appears in a log):
// one line per request with method, path WITHOUT the query string, status and duration. No
// headers, no bodies, no query strings, no client-supplied request ids.

export interface LogDestination {
  write(line: string): void;
}

/** `true`/undefined: stdout at the configured level; `false`: silent; an object: that destination (tests). */
export type LoggerOption = boolean | { stream: LogDestination; level?: LogLevel };

export function loggerOptions(option: LoggerOption | undefined, level: LogLevel): FastifyServerOptions['logger'] {
  if (option === false) return false;
  const base = {
    level: typeof option === 'object' ? (option.level ?? level) : level,
    // Defence in depth: nothing below logs these objects, but if a future line does, they are cut.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', 'req.body', 'body', 'req.query', 'query'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, path: stripQuery(req.url ?? '') }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      err: scrubbedError,
    },
  };
  return typeof option === 'object' ? { ...base, stream: option.stream } : base;
}

/** The `request` line of an answered request (the onResponse hook of plugins/request-hooks.ts). */
export function logRequest(request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ method: request.method, path: stripQuery(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
}

export const stripQuery = (url: string): string => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

/**
 * Error texts can quote data (a driver echoing a value, JSON.parse quoting the body). Before an
 * error reaches the log, mail addresses, runs of digits (codes, PINs, phone numbers), long
 * token-like strings and Japanese text (names, addresses) are masked.
 */
export function scrubForLog(text: string): string {
  return text
    .replace(/[^\s@"'<>()]+@[^\s@"'<>()]+/g, '[mail]')
    .replace(/(?=[A-Za-z0-9_\-+=]*\d)(?=[A-Za-z0-9_\-+=]*[A-Za-z])[A-Za-z0-9_\-+=]{20,}/g, '[token]')
    .replace(/\d{4,}/g, '[digits]')
    .replace(/[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]+/g, '[text]');
}

/** pino's `err` serializer: the error's kind and code, its message and stack scrubbed. */
export function scrubbedError(error: unknown): { type: string; code?: unknown; message: string; stack: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  return {
    type: error.name,
    code: (error as { code?: unknown }).code,
    message: scrubForLog(error.message),
    stack: scrubForLog(error.stack ?? ''),
  };
}

/**
 * Start-up lines before the app (and its logger) exists, in the same JSON shape as pino's, so a log
 * collector reads every line of an instance the same way (decision 0102). Only operational facts.
 */
export function startupLog(msg: string, fields: Record<string, unknown> = {}): void {
  process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, hostname: hostname(), ...fields, msg })}\n`);
}
