import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workplaceQuerySchema, workplaceResponseSchema } from '@koza/domain/api/application';
import type { Db } from '../../db/database.ts';
import { lookupWorkplace } from '../../services/applicant/reference-lookups.ts';
import type { RouteGuards } from '../route-guards.ts';

/**
 * GET /api/workplace?code=100001 → { id, name, phoneNumber, multipleAccounts } for a workplace code
 * of the Host's bank; 404 { code: 'NOT_FOUND', message: 該当するコードがありません。… } otherwise;
 * 400 for a code that is not 6 or 8 letters or digits.
 */
export const workplaceRoutes: FastifyPluginAsyncZod<{ db: Db; guards: RouteGuards }> = async (app, { db, guards }) => {
  app.get(
    '/api/workplace',
    {
      preHandler: guards.applicant,
      schema: {
        querystring: workplaceQuerySchema,
        response: { 200: workplaceResponseSchema },
      },
    },
    async (request) => lookupWorkplace(db, request.bank, request.query.code),
  );
};
