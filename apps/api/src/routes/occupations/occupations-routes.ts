import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { occupationsResponseSchema } from '@koza/domain/api/application';
import type { Db } from '../../db/database.ts';
import { occupationList } from '../../services/applicant/reference-lookups.ts';
import type { RouteGuards } from '../route-guards.ts';

/** GET /api/occupations → { occupationList } (SPEC.md §3 "Occupation", §7), その他 last. */
export const occupationsRoutes: FastifyPluginAsyncZod<{ db: Db; guards: RouteGuards }> = async (app, { db, guards }) => {
  app.get('/api/occupations', { preHandler: guards.applicant, schema: { response: { 200: occupationsResponseSchema } } }, async () => ({
    occupationList: await occupationList(db),
  }));
};
