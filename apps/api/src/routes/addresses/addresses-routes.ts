import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressesQuerySchema, addressesResponseSchema } from '@koza/domain/api/application';
import type { AddressesResponse } from '@koza/domain/api/application';
import type { Db } from '../../db/database.ts';
import { createAddressAnswers } from '../../services/addresses.ts';
import type { RouteGuards } from '../route-guards.ts';

/** GET /api/addresses?postalNumber=8100001 → { addressList } (SPEC.md §7). */
export const addressesRoutes: FastifyPluginAsyncZod<{ db: Db; guards: RouteGuards }> = async (app, { db, guards }) => {
  // Reference data: answers kept by value per postal table version (decision 0175).
  const answers = createAddressAnswers(db);
  app.get(
    '/api/addresses',
    {
      // SPEC.md §7 marks this call "(auth)".
      preHandler: guards.applicant,
      schema: {
        querystring: addressesQuerySchema,
        response: { 200: addressesResponseSchema },
      },
    },
    // Already serialised with the response schema (services/addresses.ts): Fastify sends a string
    // typed as JSON as it is (the type provider only knows the object form).
    async (request, reply) => {
      const body = await answers.json(request.query.postalNumber);
      return reply.type('application/json; charset=utf-8').send(body as unknown as AddressesResponse);
    },
  );
};
