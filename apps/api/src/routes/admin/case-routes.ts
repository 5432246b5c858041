import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import {
  applicationDetailSchema,
  applicationListQuerySchema,
  applicationListSchema,
  staffBranchListSchema,
  cancelBodySchema,
  rejectBodySchema,
} from '@koza/domain/api/admin';
import { evidenceImageKinds } from '../../adapters/ekyc-provider.ts';
import {
  applicationDetail,
  applicationDocument,
  applicationEvidenceImage,
  applicationsCsv,
  auditApplicationView,
  listApplications,
} from '../../services/staff/admin-applications.ts';
import { audit } from '../../services/staff/audit.ts';
import { bankBranches } from '../../services/applicant/reference-lookups.ts';
import {
  approveApplication,
  assignApplication,
  cancelApplication,
  proposeApproval,
  proposeCancellation,
  rejectApplication,
} from '../../services/staff/review.ts';
import type { DecisionResult, Reviewer } from '../../services/staff/review.ts';
import { actorOf, requireStaff } from './staff-guard.ts';
import type { AdminApp, AdminRouteDeps } from './admin-route-parts.ts';
import { filterText, idParams, japanDayOf } from './admin-route-parts.ts';

// Cases (applications) as staff read and decide them: the work queue, its CSV, one case with its
// documents and the provider's images, and the decisions (four eyes: decisions 0230, 0234).

const documentParams = idParams.extend({ documentId: z.string().min(1).max(64) });
const evidenceParams = idParams.extend({ kind: z.enum(evidenceImageKinds) });
const decisionSchema = z.object({ applicationNumber: z.string() });

function logMail(log: FastifyBaseLogger, result: DecisionResult) {
  if (!result.mailSent) log.warn({ event: 'review-mail-failed' }, 'the applicant mail after a decision could not be sent');
}

/** The member acting on a case, with their role (what the case allows depends on both). */
function reviewerOf(request: Parameters<typeof requireStaff>[0]): Reviewer {
  const { staff } = requireStaff(request);
  return { ...actorOf(request), staffId: staff.id, role: staff.role };
}

/** The work queue, its CSV, one case, its documents and the provider's images. */
export function caseReadingRoutes(app: AdminApp, deps: AdminRouteDeps): void {
  const { db, clock } = deps;
  const queueReader = (request: Parameters<typeof requireStaff>[0]) => ({
    staffId: requireStaff(request).staff.id,
    now: clock.now().getTime(),
    targetBusinessDays: deps.reviewTargetBusinessDays[request.bank.code],
  });

  app.get(
    '/applications',
    { config: { staff: 'applications.read' }, schema: { querystring: applicationListQuerySchema, response: { 200: applicationListSchema } } },
    async (request) => {
      const actor = actorOf(request);
      const result = await listApplications(db, actor.bankCode, request.query, queueReader(request));
      await audit(db, actor, 'LIST_APPLICATIONS', clock.now().getTime(), { detail: filterText(request.query) });
      return result;
    },
  );

  app.get('/branches', { config: { staff: 'applications.read' }, schema: { response: { 200: staffBranchListSchema } } }, async (request) => ({
    items: await bankBranches(db, request.bank.code),
  }));

  app.get(
    '/applications/export.csv',
    { config: { staff: 'applications.read' }, schema: { querystring: applicationListQuerySchema } },
    async (request, reply) => {
      const actor = actorOf(request);
      await audit(db, actor, 'EXPORT_APPLICATIONS', clock.now().getTime(), { detail: filterText(request.query) });
      const day = japanDayOf(clock.now().getTime());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="applications-${actor.bankCode}-${day}.csv"`)
        .send(Readable.from(applicationsCsv(db, actor.bankCode, request.query, queueReader(request))));
    },
  );

  app.get(
    '/applications/:id',
    { config: { staff: 'applications.read' }, schema: { params: idParams, response: { 200: applicationDetailSchema } } },
    async (request) => {
      const actor = actorOf(request);
      const staff = requireStaff(request);
      const reader = { staffId: staff.staff.id, role: staff.staff.role, now: clock.now().getTime() };
      const detail = await applicationDetail(
        { db, provider: deps.ekycProvider, log: request.log, amendedFrom: deps.ordinanceAmendedFrom },
        actor.bankCode,
        request.params.id,
        reader,
      );
      const view = { sessionId: staff.sessionId, key: viewKeyOf(request.headers['x-view-key']) };
      await auditApplicationView(db, deps.codeHashKey, actor, view, detail, clock.now().getTime());
      return detail;
    },
  );

  app.get('/applications/:id/documents/:documentId', { config: { staff: 'applications.read' }, schema: { params: documentParams } }, async (request, reply) => {
    const actor = actorOf(request);
    const doc = await applicationDocument(db, actor.bankCode, request.params.id, request.params.documentId);
    await audit(db, actor, 'VIEW_DOCUMENT', clock.now().getTime(), {
      applicationId: doc.row.id,
      applicationNumber: doc.row.applicationNumber,
      detail: doc.type,
    });
    return reply.type(doc.contentType).header('content-disposition', 'inline').send(doc.bytes);
  });

  app.get('/applications/:id/ekyc-images/:kind', { config: { staff: 'applications.read' }, schema: { params: evidenceParams } }, async (request, reply) => {
    const actor = actorOf(request);
    const image = await applicationEvidenceImage({ db, provider: deps.ekycProvider, log: request.log }, actor.bankCode, request.params.id, request.params.kind);
    await audit(db, actor, 'VIEW_DOCUMENT', clock.now().getTime(), {
      applicationId: image.row.id,
      applicationNumber: image.row.applicationNumber,
      detail: `eKYC ${request.params.kind}`,
    });
    return reply.type(image.contentType).header('content-disposition', 'inline').header('cache-control', 'no-store').send(image.bytes);
  });
}

/** Taking and releasing a case, proposing and confirming an approval, a rejection, a cancellation by two. */
export function caseDecisionRoutes(app: AdminApp, deps: AdminRouteDeps): void {
  const { clock } = deps;
  const reviewDeps = {
    db: deps.db,
    clock,
    mail: deps.mail,
    formatHandover: deps.formatHandover,
    dataKey: deps.dataKey,
    accountSystemPublicKeyPem: deps.accountSystemPublicKeyPem,
    provider: deps.ekycProvider,
    providerName: deps.ekycProviderName,
    amendedFrom: deps.ordinanceAmendedFrom,
  };
  app.post(
    '/applications/:id/propose',
    { config: { staff: 'applications.decide' }, schema: { params: idParams, response: { 200: decisionSchema } } },
    async (request) => proposeApproval(reviewDeps, reviewerOf(request), request.params.id),
  );

  for (const [name, take] of [
    ['take', true],
    ['release', false],
  ] as const) {
    app.post(`/applications/:id/${name}`, { config: { staff: 'applications.decide' }, schema: { params: idParams } }, async (request, reply) => {
      await assignApplication(reviewDeps, reviewerOf(request), request.params.id, take);
      return reply.code(204).send();
    });
  }

  app.post(
    '/applications/:id/approve',
    { config: { staff: 'applications.decide' }, schema: { params: idParams, response: { 200: decisionSchema } } },
    async (request) => {
      const result = await approveApplication(reviewDeps, reviewerOf(request), request.params.id);
      logMail(request.log, result);
      return { applicationNumber: result.applicationNumber };
    },
  );

  app.post(
    '/applications/:id/reject',
    { config: { staff: 'applications.decide' }, schema: { params: idParams, body: rejectBodySchema, response: { 200: decisionSchema } } },
    async (request) => {
      const { reasonCode, reason, shareableReason } = request.body;
      const result = await rejectApplication(reviewDeps, reviewerOf(request), request.params.id, { reasonCode, reason }, shareableReason);
      logMail(request.log, result);
      return { applicationNumber: result.applicationNumber };
    },
  );

  // Cancelling an approved application takes two people too: one proposes with the reason, another confirms (decision 0230).
  app.post(
    '/applications/:id/propose-cancel',
    { config: { staff: 'applications.cancel' }, schema: { params: idParams, body: cancelBodySchema, response: { 200: decisionSchema } } },
    async (request) => proposeCancellation(reviewDeps, reviewerOf(request), request.params.id, request.body),
  );

  app.post(
    '/applications/:id/cancel',
    { config: { staff: 'applications.cancel' }, schema: { params: idParams, response: { 200: decisionSchema } } },
    async (request) => cancelApplication(reviewDeps, reviewerOf(request), request.params.id),
  );
}

/** The admin app's key of the screen's view (its history entry), or null when absent or malformed. */
function viewKeyOf(value: string | string[] | undefined): string | null {
  const key = Array.isArray(value) ? value[0] : value;
  return key !== undefined && /^[A-Za-z0-9_-]{1,64}$/.test(key) ? key : null;
}
