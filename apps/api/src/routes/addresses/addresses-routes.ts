import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { addressesQuerySchema, addressesResponseSchema } from '@koza/domain/api/application';
import type { AddressesResponse } from '@koza/domain/api/application';
import type { Db } from '../../db/database.ts';
import { createAddressAnswers } from '../../services/applicant/addresses.ts';
import type { RouteGuards } from '../route-guards.ts';

/**
 * The query's validator: the zod schema's, except for the form the web always sends, seven
 * half-width digits, whose validated value is those digits (nothing to normalise, no rule can fail)
 * without running the schema (decision 0187). Keys other than postalNumber are dropped by the schema
 * as well.
 */
const queryValidator: typeof validatorCompiler = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'querystring') return validate;
  return (data: unknown) => {
    const postalNumber = (data as { postalNumber?: unknown } | null)?.postalNumber;
    if (typeof postalNumber === 'string' && postalNumber.length === 7 && sevenDigits.test(postalNumber)) return { value: { postalNumber } };
    return validate(data);
  };
};
const sevenDigits = /^[0-9]{7}$/;

/** GET /api/addresses?postalNumber=8100001 → { addressList } (SPEC.md §7). */
export const addressesRoutes: FastifyPluginAsyncZod<{ db: Db; guards: RouteGuards }> = async (app, { db, guards }) => {
  // Reference data: answers kept by value per postal table version (decision 0175).
  const answers = createAddressAnswers(db);
  // Resolves to the reply: Fastify then waits for the answer to be written (a compressed stream may
  // still be flowing when this settles) instead of taking the promise's value for an answer.
  const read = async (postalNumber: string, reply: FastifyReply) =>
    reply.type('application/json; charset=utf-8').send((await answers.body(postalNumber)) as unknown as AddressesResponse);
  app.get(
    '/api/addresses',
    {
      // SPEC.md §7 marks this call "(auth)".
      preHandler: guards.applicant,
      schema: {
        querystring: addressesQuerySchema,
        response: { 200: addressesResponseSchema },
      },
      // Fastify types a route's compiler against the whole schema object; it gets one part at a time.
      validatorCompiler: queryValidator as never,
    },
    // Already serialised with the response schema (services/applicant/addresses.ts): Fastify sends a string or
    // Buffer typed as JSON as it is (the type provider only knows the object form). A kept answer is
    // sent from this call itself (no promise); otherwise the answer is read (decision 0187).
    (request, reply) => {
      const kept = answers.kept(request.query.postalNumber);
      if (kept === undefined) return read(request.query.postalNumber, reply);
      void reply.type('application/json; charset=utf-8').send(kept as unknown as AddressesResponse);
      return undefined;
    },
  );
};
