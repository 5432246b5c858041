import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postalCodeSchema } from '@koza/domain/fields/postal-code';
import type { Db } from '../../db/database.ts';
import { searchAddresses } from '../../services/addresses.ts';
import type { RouteGuards } from '../route-guards.ts';

const addressItem = z.object({
  id: z.number(),
  addressCode: z.string(),
  prefecture: z.string(),
  municipality: z.string(),
  section: z.string(),
  chome: z.string(),
  kanaPrefecture: z.string(),
  kanaMunicipality: z.string(),
  kanaSection: z.string(),
  kanaChome: z.string(),
  addressFull: z.string(),
});

/** GET /api/addresses?postalNumber=8100001 → { addressList } (SPEC.md §7). */
export const addressesRoutes: FastifyPluginAsyncZod<{ db: Db; guards: RouteGuards }> = async (app, { db, guards }) => {
  app.get(
    '/api/addresses',
    {
      // SPEC.md §7 marks this call "(auth)". `guards.authenticated` is empty until the session issue
      // fills it in route-guards.ts; then this route (and every other "(auth)" route) checks the token.
      preHandler: guards.authenticated,
      schema: {
        querystring: z.object({ postalNumber: postalCodeSchema }),
        response: { 200: z.object({ addressList: z.array(addressItem) }) },
      },
    },
    async (request) => ({ addressList: await searchAddresses(db, request.query.postalNumber) }),
  );
};
