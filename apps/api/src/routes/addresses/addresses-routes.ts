import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressesQuerySchema, addressesResponseSchema } from '@koza/domain/api/application';
import type { Db } from '../../db/database.ts';
import { searchAddresses } from '../../services/addresses.ts';
import type { RouteGuards } from '../route-guards.ts';

/** GET /api/addresses?postalNumber=8100001 → { addressList } (SPEC.md §7). */
export const addressesRoutes: FastifyPluginAsyncZod<{ db: Db; guards: RouteGuards }> = async (app, { db, guards }) => {
  app.get(
    '/api/addresses',
    {
      // SPEC.md §7 marks this call "(auth)". `guards.applicant` is empty until the session issue
      // fills it in route-guards.ts; then this route (and every other "(auth)" route) checks the token.
      preHandler: guards.applicant,
      schema: {
        querystring: addressesQuerySchema,
        response: { 200: addressesResponseSchema },
      },
    },
    async (request) => ({ addressList: await searchAddresses(db, request.query.postalNumber) }),
  );
};
