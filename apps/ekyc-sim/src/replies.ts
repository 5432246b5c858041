import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { messagePage } from './pages.ts';
import type { SessionRow } from './store.ts';

// How the simulator answers: the applicant's pages with their security headers, and the /v1 API's
// JSON errors.

/** A request to the server-to-server API (JSON answers), not to the applicant's pages. */
export function isApi(request: FastifyRequest): boolean {
  return request.url.startsWith('/v1/');
}

export function errorCode(status: number): string {
  if (status === 400) return 'invalid_request';
  if (status === 401) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  return status >= 500 ? 'internal_error' : 'request_error';
}

export function badRequest(reply: FastifyReply, error: z.ZodError): FastifyReply {
  return reply.code(400).send({
    error: 'invalid_request',
    message: 'The request body is not valid.',
    issues: error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  });
}

/** An applicant's page with its Content-Security-Policy and Permissions-Policy. */
export function sendPage(reply: FastifyReply, status: number, body: string, session?: SessionRow): FastifyReply {
  // A form posted here may be answered with a redirect to the bank's returnUrl: allow that origin.
  const formTargets = ["'self'", session ? new URL(session.returnUrl).origin : ''].filter(Boolean).join(' ');
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header(
      'Content-Security-Policy',
      [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data: blob:",
        "media-src 'self' blob:",
        "connect-src 'self'",
        `form-action ${formTargets}`,
        "base-uri 'none'",
        "frame-ancestors 'none'",
      ].join('; '),
    )
    .header('Permissions-Policy', 'camera=(self), microphone=(), geolocation=(), payment=()')
    .send(body);
}

export function notFoundPage(): string {
  return messagePage({
    title: 'ページが見つかりません',
    message: 'このURLは無効か、有効期限が切れています。お申し込みの画面に戻り、本人確認をはじめからやり直してください。',
  });
}
