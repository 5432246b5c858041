import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicKeyResponseSchema } from '@koza/domain/api/application';
import { sessionApplication, setPin } from '../../services/applicant/applications.ts';
import type { SaveDeps } from '../../services/applicant/applications.ts';
import { pinKeyPair } from '../../services/platform/pin-key.ts';
import { requireAuth } from '../route-guards.ts';
import type { RouteGuards } from '../route-guards.ts';

/**
 * GET /api/public-key → { keyCode } (base64 DER SPKI of the RSA-3072 key) and POST /api/pin { code }
 * (base64 RSA-OAEP SHA-256 ciphertext of the 4 digits) → 204; 400 with the PIN rule's message on
 * `code`; 409 before seal-less is saved or once a PIN is set. The body is read by the service, so a
 * malformed one answers the PIN-format message rather than a schema error.
 */
export const pinRoutes: FastifyPluginAsyncZod<SaveDeps & { guards: RouteGuards }> = async (app, { guards, ...deps }) => {
  app.get('/api/public-key', { preHandler: guards.applicant, schema: { response: { 200: publicKeyResponseSchema } } }, async () => ({
    keyCode: (await pinKeyPair(deps.db, deps.config)).publicKeySpkiBase64,
  }));

  app.post('/api/pin', { preHandler: guards.applicant }, async (request, reply) => {
    const application = await sessionApplication(deps.db, requireAuth(request));
    await setPin(deps, { application, body: request.body });
    return reply.code(204).send();
  });
};
