import { rolePermissions } from '@koza/domain/admin/roles';
import {
  passwordChangeBodySchema,
  reauthBodySchema,
  signInBodySchema,
  staffSessionSchema,
  totpConfirmBodySchema,
  totpConfirmedSchema,
  totpSetupSchema,
} from '@koza/domain/api/admin';
import type { Db } from '../../db/database.ts';
import { toJapanIso } from '../../services/platform/japan-iso-time.ts';
import { audit } from '../../services/staff/audit.ts';
import {
  bankNameOf,
  previousSignInOf,
  changeOwnPassword,
  confirmTotpEnrolment,
  csrfTokenFor,
  signIn,
  signOut,
  startTotpEnrolment,
} from '../../services/staff/staff-auth.ts';
import type { StaffContext } from '../../services/staff/staff-auth.ts';
import { actorOf, requireStaff, staffCookie, userAgentOf } from './staff-guard.ts';
import { relyingPartyOf, secondFactorAgain } from './passkey-routes.ts';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { AdminApp, AdminRouteDeps } from './admin-route-parts.ts';

// The staff member's own session (docs/decisions/0111-staff-authentication.md): sign-in, the session,
// sign-out, the authenticator's enrolment and the member's own password (every role).

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

/** Sign-in, session, sign-out, TOTP enrolment and the own password. */
export function staffSessionRoutes(app: AdminApp, deps: AdminRouteDeps): void {
  const { db, clock } = deps;
  const authDeps = { db, codeHashKey: deps.codeHashKey, dataKey: deps.dataKey, passwordLogN: deps.passwordLogN };
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
      localSignIn: deps.staffOidc.localSignIn(bankCode),
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

  // ---- the member's own password (every role) ----

  app.post('/password', { config: { staff: 'session' }, schema: { body: passwordChangeBodySchema.and(reauthBodySchema) } }, async (request, reply) => {
    const context = requireStaff(request);
    const now = clock.now().getTime();
    // The second factor again (issue 42), except in the forced change of a one-time password: that
    // session's sign-in has just proved both factors, and it can do nothing but this change.
    if (!context.passwordChangeRequired) await secondFactorAgain(authDeps, request, context, request.body, { now, isProduction: deps.isProduction });
    await changeOwnPassword(authDeps, context, request.body, actorOf(request), now);
    return reply.code(204).send();
  });
}
