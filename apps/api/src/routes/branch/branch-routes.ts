import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { branchListResponseSchema } from '@koza/domain/api/application';
import type { Db } from '../../db/database.ts';
import { residenceOf, sessionApplication } from '../../services/applicant/applications.ts';
import { branchList } from '../../services/applicant/reference-lookups.ts';
import { requireAuth } from '../route-guards.ts';
import type { RouteGuards } from '../route-guards.ts';

/**
 * GET /api/branch → { branchList: [{ code, name, address }] } (DECISIONS.md §5): general, every
 * branch of the bank with those in the applicant's municipality first; child, only those in the
 * child's municipality (possibly none).
 */
export const branchRoutes: FastifyPluginAsyncZod<{ db: Db; guards: RouteGuards }> = async (app, { db, guards }) => {
  app.get(
    '/api/branch',
    {
      preHandler: guards.applicant,
      schema: { response: { 200: branchListResponseSchema } },
    },
    async (request) => {
      const application = await sessionApplication(db, requireAuth(request));
      return { branchList: await branchList(db, request.bank, application.applicationType, residenceOf(application)) };
    },
  );
};
