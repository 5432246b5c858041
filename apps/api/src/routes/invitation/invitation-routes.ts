import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invitationQuerySchema } from '@koza/domain/api/application';
import type { Clock } from '../../adapters/clock.ts';
import type { Db } from '../../db/database.ts';
import { checkInvitationCode } from '../../services/applicant/reference-lookups.ts';
import type { RouteGuards } from '../route-guards.ts';

/**
 * GET /api/invitation?code=FK0001 → 204 when the code is the Host's bank's and valid now; 404
 * { code: 'NOT_FOUND', message: 該当する紹介コードがありません。… } when unknown, expired, not yet
 * valid or another bank's; 400 for a code that is not 6 letters or digits.
 */
export const invitationRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock; guards: RouteGuards }> = async (app, { db, clock, guards }) => {
  app.get('/api/invitation', { preHandler: guards.applicant, schema: { querystring: invitationQuerySchema } }, async (request, reply) => {
    await checkInvitationCode(db, request.bank, request.query.code, clock.now());
    return reply.code(204).send();
  });
};
