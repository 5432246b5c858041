import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicationsResponseSchema } from '@koza/domain/api/application';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/errors.ts';
import { applicationsResponse } from '../../services/applicant/application-view.ts';
import type { RouteGuards } from '../route-guards.ts';
import { requireAuth } from '../route-guards.ts';

/** GET /api/applications (auth) → { application, applicationParent } in the names of SPEC.md §3. */
export const applicationsGetRoutes: FastifyPluginAsyncZod<{ db: Db; guards: RouteGuards }> = async (app, { db, guards }) => {
  app.get('/api/applications', { preHandler: guards.applicant, schema: { response: { 200: applicationsResponseSchema } } }, async (request) => {
    const auth = requireAuth(request);
    const result = await applicationsResponse(db, auth.applicationId);
    // The session's application is gone (deleted by staff): the session is of no use.
    if (!result) throw new ApiError(401);
    return result;
  });
};
