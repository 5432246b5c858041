import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageViewRequestSchema } from '@koza/domain/api/entry';
import type { Clock } from '../../adapters/clock.ts';
import type { Db } from '../../db/database.ts';
import { assertHostBank } from '../../http/host-bank.ts';
import { recordPageView } from '../../services/applicant/page-views.ts';

/** POST /api/page-views → 204 (no auth; 120 per minute per client IP, 429 beyond). */
export const pageViewsRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  app.post('/api/page-views', { schema: { body: pageViewRequestSchema } }, async (request, reply) => {
    const body = request.body;
    assertHostBank(request, body.bankCode);
    await recordPageView(
      db,
      { bankCode: body.bankCode, path: body.path, applicationType: body.applicationType, channel: body.channel, deviceId: body.deviceId, ip: request.ip },
      clock.now().getTime(),
    );
    return reply.code(204).send();
  });
};
