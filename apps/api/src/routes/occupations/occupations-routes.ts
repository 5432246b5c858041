import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { occupationList } from '../../services/reference-lookups.ts';
import type { RouteGuards } from '../route-guards.ts';

const occupationItem = z.object({
  id: z.number(),
  name: z.string(),
  displayNumber: z.number(),
  workplaceRequired: z.boolean(),
  workplaceRequirement: z.enum(['REQUIRED', 'OPTIONAL', 'NONE']),
  generalDisplay: z.boolean(),
  childDisplay: z.boolean(),
  minDisplayAge: z.number().nullable(),
  maxDisplayAge: z.number().nullable(),
});

/** GET /api/occupations → { occupationList } (SPEC.md §3 "Occupation", §7), その他 last. */
export const occupationsRoutes: FastifyPluginAsyncZod<{ db: Db; guards: RouteGuards }> = async (app, { db, guards }) => {
  app.get(
    '/api/occupations',
    { preHandler: guards.authenticated, schema: { response: { 200: z.object({ occupationList: z.array(occupationItem) }) } } },
    async () => ({ occupationList: await occupationList(db) }),
  );
};
