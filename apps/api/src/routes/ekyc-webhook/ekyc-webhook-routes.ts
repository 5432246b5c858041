import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { receiveWebhook } from '../../services/applicant/ekyc.ts';
import type { EkycDeps } from '../../services/applicant/ekyc.ts';

// POST /api/ekyc/webhook: the provider's signed result (DECISIONS.md §6, docs/decisions/0050).
// Server to server, so no bearer guard: the proof is `X-Signature: sha256=<hex HMAC-SHA256 of the
// RAW body>` under EKYC_WEBHOOK_SECRET, which needs the bytes exactly as sent. In this plugin's
// scope (Fastify encapsulation) every content type is read as a Buffer, at most 64 KiB.
//
//   204  recorded; or a delivery seen before; or a session we do not know (a 2xx so the provider
//        stops retrying — nothing changes and nothing about it is logged)
//   401  missing or wrong signature (nothing changes)
//   400  signed, but not { sessionId, status } with a known status

export const webhookBodyLimitBytes = 64 * 1024;

export const ekycWebhookRoutes: FastifyPluginAsyncZod<Pick<EkycDeps, 'db' | 'clock' | 'config'>> = async (app, deps) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: webhookBodyLimitBytes }, (_request, body, done) => done(null, body));

  app.post('/api/ekyc/webhook', async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : undefined;
    await receiveWebhook(deps, raw, request.headers['x-signature']);
    return reply.code(204).send();
  });
};
