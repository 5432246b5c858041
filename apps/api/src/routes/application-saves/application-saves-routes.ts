import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { saveBranch, savePersonal, saveSealLess, sessionApplication } from '../../services/applicant/applications.ts';
import { saveWorkplaceOfFlow } from '../../services/applicant/steps/child-workplace.ts';
import { saveParentPersonal, saveParentWorkplace } from '../../services/applicant/steps/parent.ts';
import type { SaveDeps, SaveRequest } from '../../services/applicant/applications.ts';
import { requireAuth } from '../route-guards.ts';
import type { RouteGuards } from '../route-guards.ts';

// POST /api/applications/{personal,workplace,branch,seal-less}, and the child flow's
// /api/applications/{personal,workplace}/parent → 204 No Content (DECISIONS.md §5).
// The body has no route schema on purpose: its rules depend on the bank, the clock, the chosen
// occupation and workplace, so the service runs the domain's screen schema on it (a body that is
// not an object reads as empty and gets the list of required fields). 400 { errors: [{ field,
// message }] }; 409 { code: 'CONFLICT', message } before the previous steps or after the PIN.

type Save = (deps: SaveDeps, request: SaveRequest) => Promise<void>;

const saves: readonly [string, Save][] = [
  ['/api/applications/personal', savePersonal],
  ['/api/applications/workplace', saveWorkplaceOfFlow],
  ['/api/applications/personal/parent', saveParentPersonal],
  ['/api/applications/workplace/parent', saveParentWorkplace],
  ['/api/applications/branch', saveBranch],
  ['/api/applications/seal-less', saveSealLess],
];

export const applicationSavesRoutes: FastifyPluginAsyncZod<SaveDeps & { guards: RouteGuards }> = async (app, { guards, ...deps }) => {
  for (const [path, save] of saves) {
    app.post(path, { preHandler: guards.applicant }, async (request: FastifyRequest, reply: FastifyReply) => {
      const application = await sessionApplication(deps.db, requireAuth(request));
      // 204 only once the save is on disk (the service commits with durableTransaction): a crash of
      // the machine right after loses nothing (decisions 0177, 0208).
      await save(deps, { bank: request.bank, application, body: request.body });
      return reply.code(204).send();
    });
  }
};
