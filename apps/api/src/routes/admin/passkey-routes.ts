import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { adminMessages } from '@koza/domain/admin/messages';
import { passkeyListSchema, passkeyOptionsSchema, passkeyRegisterBodySchema, reauthBodySchema } from '@koza/domain/api/admin';
import { hostName } from '@koza/domain/banks/banks';
import type { Clock } from '../../adapters/clock.ts';
import { ApiError } from '../../http/errors.ts';
import { audit } from '../../services/staff/audit.ts';
import { minutes, enforceLimits } from '../../services/platform/rate-limits.ts';
import { listPasskeys, registerPasskey, registrationOptions, removePasskey, signInPasskeyOptions } from '../../services/staff/staff-passkeys.ts';
import type { RelyingParty } from '../../services/staff/staff-passkeys.ts';
import { confirmSecondFactorAgain } from '../../services/staff/staff-auth.ts';
import type { StaffAuthDeps, StaffContext } from '../../services/staff/staff-auth.ts';
import { actorOf, requireStaff, userAgentOf } from './staff-guard.ts';

// Passkeys of the signed-in member and the sign-in's passkey challenge (docs/decisions/0220-staff-passkeys.md).

export interface PasskeyRouteDeps {
  auth: StaffAuthDeps;
  clock: Clock;
  isProduction: boolean;
}

/**
 * The signed-in member's second factor asked again in this request (issue 42: adding or removing a
 * passkey, changing the password; decision 0220 addendum): a wrong or missing answer is a field error
 * on `totpCode`, and nothing changes.
 */
export function secondFactorAgain(
  auth: StaffAuthDeps,
  request: FastifyRequest,
  context: StaffContext,
  answer: Parameters<typeof confirmSecondFactorAgain>[2],
  deps: { now: number; isProduction: boolean },
): Promise<void> {
  const actor = actorOf(request);
  return confirmSecondFactorAgain(auth, context, answer, {
    bankCode: actor.bankCode,
    ipAddress: request.ip,
    userAgent: userAgentOf(request),
    now: deps.now,
    relyingParty: relyingPartyOf(request, deps.isProduction),
    actor,
  });
}

/**
 * The bank's host as WebAuthn relying party: the RP ID is the host name of the Host header, the one
 * the bank is chosen by (plugins/bank.ts; in production always one of the configured bank hosts: any
 * other answers 421 before this, and X-Forwarded-Host is not read), the origin its https URL (http
 * too outside production, where the development hosts run without TLS).
 */
export function relyingPartyOf(request: FastifyRequest, isProduction: boolean): RelyingParty {
  const host = request.headers.host ?? '';
  return { rpId: hostName(host), origins: isProduction ? [`https://${host}`] : [`https://${host}`, `http://${host}`] };
}

const idParams = z.object({ id: z.string().min(1).max(1400) });

export const passkeyRoutes: FastifyPluginAsyncZod<PasskeyRouteDeps> = async (app, deps) => {
  const { clock } = deps;
  const { db } = deps.auth;

  // The same answer for everyone (no login id asked); counted per address so it cannot fill the table.
  app.post('/sign-in/passkey-options', { config: { staff: 'public' }, schema: { response: { 200: passkeyOptionsSchema } } }, async (request) => {
    const now = clock.now().getTime();
    await enforceLimits(db, [{ key: `staff-passkey-options:ip:${request.ip}`, limits: [{ max: 30, windowMs: minutes(10) }] }], now);
    return signInPasskeyOptions(db, relyingPartyOf(request, deps.isProduction), now);
  });

  /** The member's own passkeys: only once their password is their own and TOTP is enrolled. */
  const memberContext = (request: FastifyRequest) => {
    const context = requireStaff(request);
    if (context.passwordChangeRequired) throw new ApiError(403, { code: 'PASSWORD_CHANGE_REQUIRED', message: adminMessages.passwordChangeRequired });
    if (context.totpSetupRequired) throw new ApiError(403, { code: 'TOTP_SETUP_REQUIRED', message: adminMessages.totpSetupRequired });
    return context;
  };
  const member = (request: FastifyRequest) => memberContext(request).staff;
  /** Adding or removing a passkey: the member, with their second factor asked again. */
  const memberAgain = async (request: FastifyRequest, answer: Parameters<typeof confirmSecondFactorAgain>[2], now: number) => {
    const context = memberContext(request);
    await secondFactorAgain(deps.auth, request, context, answer, { now, isProduction: deps.isProduction });
    return context.staff;
  };

  app.get('/passkeys', { config: { staff: 'session' }, schema: { response: { 200: passkeyListSchema } } }, async (request) =>
    listPasskeys(db, member(request).id),
  );

  // The second factor is asked again before a registration's challenge is made (issue 42): the
  // challenge, good once, for a few minutes and for this member only, carries that proof to the
  // registration itself, so that no passkey is made on the device for a registration refused later.
  app.post(
    '/passkeys/options',
    { config: { staff: 'session' }, schema: { body: reauthBodySchema, response: { 200: passkeyOptionsSchema } } },
    async (request) => {
      const now = clock.now().getTime();
      const staff = await memberAgain(request, request.body, now);
      return registrationOptions(db, staff.id, relyingPartyOf(request, deps.isProduction), now);
    },
  );

  app.post('/passkeys', { config: { staff: 'session' }, schema: { body: passkeyRegisterBodySchema } }, async (request, reply) => {
    const now = clock.now().getTime();
    const answer = { challengeId: request.body.challengeId, response: request.body.response as RegistrationResponseJSON };
    await registerPasskey(db, member(request).id, relyingPartyOf(request, deps.isProduction), answer, now);
    await audit(db, actorOf(request), 'REGISTER_PASSKEY', now, { detail: relyingPartyOf(request, deps.isProduction).rpId });
    return reply.code(201).send();
  });

  app.post('/passkeys/:id/delete', { config: { staff: 'session' }, schema: { params: idParams, body: reauthBodySchema } }, async (request, reply) => {
    const now = clock.now().getTime();
    const staff = await memberAgain(request, request.body, now);
    await removePasskey(db, staff.id, request.params.id);
    await audit(db, actorOf(request), 'DELETE_PASSKEY', now);
    return reply.code(204).send();
  });
};
