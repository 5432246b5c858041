import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyBaseLogger } from 'fastify';
import {
  applicationDetailSchema,
  applicationListQuerySchema,
  applicationListSchema,
  staffBranchListSchema,
  auditListQuerySchema,
  auditListSchema,
  passwordChangeBodySchema,
  cancelBodySchema,
  rejectBodySchema,
  signInBodySchema,
  staffCreateBodySchema,
  staffRoleBodySchema,
  staffListSchema,
  staffChangeResultSchema,
  staffSessionSchema,
  staffSessionsSchema,
  totpConfirmBodySchema,
  totpConfirmedSchema,
  totpSetupSchema,
} from '@koza/domain/api/admin';
import { adminMessages } from '@koza/domain/admin/messages';
import { rolePermissions } from '@koza/domain/admin/roles';
import type { BankCode } from '@koza/domain/constants';
import { evidenceImageKinds } from '../../adapters/ekyc-provider.ts';
import type { EkycProvider } from '../../adapters/ekyc-provider.ts';
import type { AccountSystemHandover } from '../../adapters/handover.ts';
import type { Clock } from '../../adapters/clock.ts';
import type { MailSender } from '../../adapters/mail.ts';
import type { Db } from '../../db/database.ts';
import type { AppMetrics } from '../../plugins/metrics.ts';
import { FieldValidationError } from '../../services/platform/refusals.ts';
import { toJapanIso } from '../../services/platform/japan-iso-time.ts';
import {
  applicationDetail,
  applicationDocument,
  applicationEvidenceImage,
  applicationsCsv,
  auditApplicationView,
  auditCsv,
  auditPage,
  listApplications,
} from '../../services/staff/admin-applications.ts';
import { audit } from '../../services/staff/audit.ts';
import { bankBranches } from '../../services/applicant/reference-lookups.ts';
import { assertPasswordAllowed } from '../../services/staff/staff-password-policy.ts';
import { confirmStaffChange, needsSecondAdmin, recordCreation, requestStaffChange } from '../../services/staff/staff-confirmation.ts';
import type { StaffChange } from '../../services/staff/staff-confirmation.ts';
import {
  approveApplication,
  assignApplication,
  cancelApplication,
  proposeApproval,
  proposeCancellation,
  rejectApplication,
} from '../../services/staff/review.ts';
import type { DecisionResult, Reviewer } from '../../services/staff/review.ts';
import {
  bankNameOf,
  previousSignInOf,
  changeOwnPassword,
  confirmTotpEnrolment,
  csrfTokenFor,
  createStaff,
  signIn,
  signOut,
  startTotpEnrolment,
} from '../../services/staff/staff-auth.ts';
import type { StaffContext } from '../../services/staff/staff-auth.ts';
import { enableStaffOfBank, endStaffSessionsOfBank, staffSessionsOfBank, listStaff, unlockStaffOfBank } from '../../services/staff/staff-accounts.ts';
import { actorOf, createStaffGuard, requireStaff, staffCookie, userAgentOf } from './staff-guard.ts';
import { announcementsRoutes } from './announcements-routes.ts';
import { passkeyRoutes, relyingPartyOf } from './passkey-routes.ts';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';

// /api/admin: the back office's API, registered once with one staff-session hook for the whole
// prefix (staff-guard.ts) and one declared permission per route (`config.staff`).

export interface AdminRouteDeps {
  db: Db;
  clock: Clock;
  mail: MailSender;
  handover: AccountSystemHandover;
  codeHashKey: Buffer;
  dataKey: Buffer;
  accountSystemPublicKeyPem: string;
  /** log2 of scrypt's N for new staff password hashes (config `staffPasswordLogN`). */
  passwordLogN: number;
  isProduction: boolean;
  metrics: AppMetrics;
  /** Each bank's target for deciding a case (config REVIEW_TARGET_BUSINESS_DAYS[_<bank code>], default 2). */
  reviewTargetBusinessDays: Readonly<Record<BankCode, number>>;
  /** For the case view's read data (what the provider read from the identity document) and the verification record. */
  ekycProvider: EkycProvider;
  /** Who the provider is, in the verification record (the host of EKYC_PROVIDER_URL). */
  ekycProviderName: string;
}

const idParams = z.object({ id: z.string().min(1).max(64) });
const documentParams = idParams.extend({ documentId: z.string().min(1).max(64) });
const evidenceParams = idParams.extend({ kind: z.enum(evidenceImageKinds) });
const decisionSchema = z.object({ applicationNumber: z.string() });

async function sessionBody(db: Db, context: StaffContext, csrfToken: string) {
  const previous = await previousSignInOf(db, context);
  return {
    staff: { ...context.staff, bankName: bankNameOf(context.staff.bankCode) },
    permissions: [...rolePermissions[context.staff.role]],
    csrfToken,
    totpSetupRequired: context.totpSetupRequired,
    passwordChangeRequired: context.passwordChangeRequired,
    previousSignIn: previous && { at: toJapanIso(previous.at), ipAddress: previous.ipAddress },
  };
}

function logMail(log: FastifyBaseLogger, result: DecisionResult) {
  if (!result.mailSent) log.warn({ event: 'review-mail-failed' }, 'the applicant mail after a decision could not be sent');
}

/** The member acting on a case, with their role (what the case allows depends on both). */
function reviewerOf(request: Parameters<typeof requireStaff>[0]): Reviewer {
  const { staff } = requireStaff(request);
  return { ...actorOf(request), staffId: staff.id, role: staff.role };
}

export const adminRoutes: FastifyPluginAsyncZod<AdminRouteDeps> = async (app, deps) => {
  const { db, clock } = deps;
  const staffChangeDeps = { db, passwordLogN: deps.passwordLogN };
  const authDeps = { db, codeHashKey: deps.codeHashKey, dataKey: deps.dataKey, passwordLogN: deps.passwordLogN };
  const reviewDeps = {
    db,
    clock,
    mail: deps.mail,
    handover: deps.handover,
    dataKey: deps.dataKey,
    accountSystemPublicKeyPem: deps.accountSystemPublicKeyPem,
    provider: deps.ekycProvider,
    providerName: deps.ekycProviderName,
  };
  app.decorateRequest('staff', null);
  app.decorateRequest('staffCsrfToken', null);
  app.addHook('onRequest', createStaffGuard({ ...authDeps, clock, isProduction: deps.isProduction }));
  // Every refused call (403: role, CSRF, cross-site, pending enrolment; 404: another bank's or no such
  // thing) is an audit row and counted per bank: probing is visible (ASVS 16.3.2).
  // onSend (before the answer leaves), so the row is there when the caller hears of the refusal.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 403 && reply.statusCode !== 404) return payload;
    // A staff session is only ever taken at its own bank's host (staff-guard.ts): the Host's bank.
    const bankCode = request.bank.code;
    deps.metrics.staffRefusals.inc({ bank: bankCode, status: String(reply.statusCode) });
    const actor = request.staff ? actorOf(request) : { staffId: null, loginId: 'no-session', bankCode, ipAddress: request.ip, userAgent: userAgentOf(request) };
    const params = request.params as { id?: unknown } | undefined;
    const applicationId = request.routeOptions.url?.startsWith('/api/admin/applications/:id') && typeof params?.id === 'string' ? params.id.slice(0, 64) : null;
    try {
      await audit(db, actor, 'REFUSED', clock.now().getTime(), {
        applicationId,
        detail: `${reply.statusCode} ${request.method} ${request.routeOptions.url ?? 'unmatched'}`,
      });
    } catch (error) {
      request.log.warn({ event: 'audit-refusal-failed', err: error }, 'a refused staff call could not be audited');
    }
    return payload;
  });

  // ---- sign-in, session, sign-out, TOTP ----

  app.post('/sign-in', { config: { staff: 'public' }, schema: { body: signInBodySchema, response: { 200: staffSessionSchema } } }, async (request, reply) => {
    const bankCode = request.bank.code;
    const { passkey, ...body } = request.body;
    const { token, context } = await signIn(authDeps, {
      ...body,
      ...(passkey ? { passkey: { challengeId: passkey.challengeId, response: passkey.response as AuthenticationResponseJSON } } : {}),
      relyingParty: relyingPartyOf(request, deps.isProduction),
      bankCode,
      ipAddress: request.ip,
      userAgent: userAgentOf(request),
      now: clock.now().getTime(),
      onFailure: (reason) => deps.metrics.staffSignInFailures.inc({ bank: bankCode, reason }),
    });
    void reply.header('set-cookie', staffCookie(deps.isProduction, token));
    return sessionBody(db, context, csrfTokenFor(deps.codeHashKey, token));
  });

  app.get('/session', { config: { staff: 'session' }, schema: { response: { 200: staffSessionSchema } } }, async (request) =>
    sessionBody(db, requireStaff(request), request.staffCsrfToken!),
  );

  app.post('/sign-out', { config: { staff: 'session' } }, async (request, reply) => {
    const now = clock.now().getTime();
    await signOut(db, requireStaff(request).sessionId, now);
    await audit(db, actorOf(request), 'SIGN_OUT', now);
    return reply.header('set-cookie', staffCookie(deps.isProduction, null)).code(204).send();
  });

  app.post('/totp/setup', { config: { staff: 'session' }, schema: { response: { 200: totpSetupSchema } } }, async (request) =>
    startTotpEnrolment(authDeps, requireStaff(request).staff.id, clock.now().getTime()),
  );

  app.post(
    '/totp/confirm',
    { config: { staff: 'session' }, schema: { body: totpConfirmBodySchema, response: { 200: totpConfirmedSchema } } },
    async (request) => {
      const now = clock.now().getTime();
      const confirmed = await confirmTotpEnrolment(authDeps, requireStaff(request).staff.id, request.body.totpCode, now);
      await audit(db, actorOf(request), 'ENROL_TOTP', now);
      return confirmed;
    },
  );

  // ---- applications ----

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
      const day = toJapanIso(clock.now().getTime()).slice(0, 10).replaceAll('-', '');
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
      const detail = await applicationDetail({ db, provider: deps.ekycProvider, log: request.log }, actor.bankCode, request.params.id, reader);
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

  // ---- staff accounts (ADMIN) ----

  app.get('/staff', { config: { staff: 'staff.manage' }, schema: { response: { 200: staffListSchema } } }, async (request) => ({
    items: await listStaff(db, deps.codeHashKey, actorOf(request).bankCode, clock.now().getTime()),
  }));

  app.post('/staff', { config: { staff: 'staff.manage' }, schema: { body: staffCreateBodySchema } }, async (request, reply) => {
    const actor = actorOf(request);
    const now = clock.now().getTime();
    await assertPasswordAllowed('password', request.body.password, request.body);
    // With two or more ADMINs the new account waits for a different one's confirmation (decision 0233).
    const awaiting = await needsSecondAdmin(db, actor.bankCode, now);
    const created = await createStaff(authDeps, { ...request.body, bankCode: actor.bankCode, now });
    if (!created) throw new FieldValidationError([{ field: 'loginId', message: adminMessages.loginIdTaken }]);
    await recordCreation(db, actor, created.id, awaiting, now);
    await audit(db, actor, 'CREATE_STAFF', now, { detail: `${created.loginId} ${created.role}${awaiting ? ' (確認待ち)' : ''}` });
    return reply.code(201).send({ ...created, bankName: bankNameOf(created.bankCode), awaitingConfirmation: awaiting });
  });

  // What waits for a member (decision 0233) confirmed by a different ADMIN; a one-time password, if any, is answered here only.
  app.post(
    '/staff/:id/confirm',
    { config: { staff: 'staff.manage' }, schema: { params: idParams, response: { 200: staffChangeResultSchema } } },
    async (request) => confirmStaffChange(staffChangeDeps, actorOf(request), request.params.id, clock.now().getTime()),
  );

  // Changes that wait for a second ADMIN in four-eyes mode (decision 0233): role, resets, a stop.
  const waitingChanges: Record<string, (request: { body: unknown }) => StaffChange> = {
    role: (request) => ({ kind: 'role', role: staffRoleBodySchema.parse(request.body).role }),
    password: () => ({ kind: 'password' }),
    'totp-reset': () => ({ kind: 'second-factor' }),
    disable: () => ({ kind: 'disable' }),
  };
  for (const [name, changeOf] of Object.entries(waitingChanges)) {
    app.post(
      `/staff/:id/${name}`,
      {
        config: { staff: 'staff.manage' },
        schema: { params: idParams, ...(name === 'role' ? { body: staffRoleBodySchema } : {}), response: { 200: staffChangeResultSchema } },
      },
      async (request) => requestStaffChange(staffChangeDeps, actorOf(request), request.params.id, changeOf(request), clock.now().getTime()),
    );
  }

  // An ADMIN's changes to another member of the bank that apply at once (never their own account: 409), each audited.
  const memberChanges = {
    unlock: (...a: Parameters<typeof enableStaffOfBank>) => unlockStaffOfBank(db, deps.codeHashKey, a[1], a[2], a[3]),
    enable: enableStaffOfBank,
    'sessions/end': endStaffSessionsOfBank,
  } as const;
  for (const [name, change] of Object.entries(memberChanges)) {
    app.post(`/staff/:id/${name}`, { config: { staff: 'staff.manage' }, schema: { params: idParams } }, async (request, reply) => {
      await change(db, actorOf(request), request.params.id, clock.now().getTime());
      return reply.code(204).send();
    });
  }

  app.get('/staff/:id/sessions', { config: { staff: 'staff.manage' }, schema: { params: idParams, response: { 200: staffSessionsSchema } } }, async (request) =>
    staffSessionsOfBank(db, actorOf(request), request.params.id, clock.now().getTime()),
  );

  // ---- the member's own password (every role) ----

  app.post('/password', { config: { staff: 'session' }, schema: { body: passwordChangeBodySchema } }, async (request, reply) => {
    await changeOwnPassword(authDeps, requireStaff(request), request.body, actorOf(request), clock.now().getTime());
    return reply.code(204).send();
  });

  // ---- audit log (ADMIN) ----

  app.get('/audit', { config: { staff: 'audit.read' }, schema: { querystring: auditListQuerySchema, response: { 200: auditListSchema } } }, async (request) => {
    const actor = actorOf(request);
    await audit(db, actor, 'VIEW_AUDIT', clock.now().getTime(), { detail: filterText({ ...request.query, page: undefined }) || null });
    return auditPage(db, actor.bankCode, request.query);
  });

  app.get('/audit/export.csv', { config: { staff: 'audit.read' }, schema: { querystring: auditListQuerySchema } }, async (request, reply) => {
    const actor = actorOf(request);
    await audit(db, actor, 'EXPORT_AUDIT', clock.now().getTime(), { detail: filterText({ ...request.query, page: undefined }) || null });
    const day = toJapanIso(clock.now().getTime()).slice(0, 10).replaceAll('-', '');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${actor.bankCode}-${day}.csv"`)
      .send(Readable.from(auditCsv(db, actor.bankCode, request.query)));
  });

  // ---- maintenance windows, notices, funnel (part 2) ----
  await app.register(announcementsRoutes, { db, clock });
  await app.register(passkeyRoutes, { db, clock, isProduction: deps.isProduction });
};

/** The admin app's key of the screen's view (its history entry), or null when absent or malformed. */
function viewKeyOf(value: string | string[] | undefined): string | null {
  const key = Array.isArray(value) ? value[0] : value;
  return key !== undefined && /^[A-Za-z0-9_-]{1,64}$/.test(key) ? key : null;
}

/** The filters of a search, for the audit line (no personal data beyond what staff typed). */
/** Filters a staff member searched with, for the audit line: a name searched for is personal data, so only that one was given is kept (decision 0239). */
function filterText(q: Record<string, unknown>): string {
  return Object.entries(q)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${k === 'kanaName' ? '(指定あり)' : String(v)}`)
    .join('&');
}
