import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { adminMessages } from '@koza/domain/admin/messages';
import { passkeyListSchema, passkeyOptionsSchema, passkeyRegisterBodySchema } from '@koza/domain/api/admin';
import { hostName } from '@koza/domain/banks/banks';
import type { Clock } from '../../adapters/clock.ts';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/errors.ts';
import { audit } from '../../services/staff/audit.ts';
import { minutes, enforceLimits } from '../../services/platform/rate-limits.ts';
import { listPasskeys, registerPasskey, registrationOptions, removePasskey, signInPasskeyOptions } from '../../services/staff/staff-passkeys.ts';
import type { RelyingParty } from '../../services/staff/staff-passkeys.ts';
import { actorOf, requireStaff } from './staff-guard.ts';

// Passkeys of the signed-in member and the sign-in's passkey challenge (docs/decisions/0220-staff-passkeys.md).

export interface PasskeyRouteDeps {
  db: Db;
  clock: Clock;
  isProduction: boolean;
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
  const { db, clock } = deps;

  // The same answer for everyone (no login id asked); counted per address so it cannot fill the table.
  app.post('/sign-in/passkey-options', { config: { staff: 'public' }, schema: { response: { 200: passkeyOptionsSchema } } }, async (request) => {
    const now = clock.now().getTime();
    await enforceLimits(db, [{ key: `staff-passkey-options:ip:${request.ip}`, limits: [{ max: 30, windowMs: minutes(10) }] }], now);
    return signInPasskeyOptions(db, relyingPartyOf(request, deps.isProduction), now);
  });

  /** The member's own passkeys: only once their password is their own and TOTP is enrolled. */
  const member = (request: FastifyRequest) => {
    const context = requireStaff(request);
    if (context.passwordChangeRequired) throw new ApiError(403, { code: 'PASSWORD_CHANGE_REQUIRED', message: adminMessages.passwordChangeRequired });
    if (context.totpSetupRequired) throw new ApiError(403, { code: 'TOTP_SETUP_REQUIRED', message: adminMessages.totpSetupRequired });
    return context.staff;
  };

  app.get('/passkeys', { config: { staff: 'session' }, schema: { response: { 200: passkeyListSchema } } }, async (request) =>
    listPasskeys(db, member(request).id),
  );

  app.post('/passkeys/options', { config: { staff: 'session' }, schema: { response: { 200: passkeyOptionsSchema } } }, async (request) =>
    registrationOptions(db, member(request).id, relyingPartyOf(request, deps.isProduction), clock.now().getTime()),
  );

  app.post('/passkeys', { config: { staff: 'session' }, schema: { body: passkeyRegisterBodySchema } }, async (request, reply) => {
    const now = clock.now().getTime();
    const answer = { challengeId: request.body.challengeId, response: request.body.response as RegistrationResponseJSON };
    await registerPasskey(db, member(request).id, relyingPartyOf(request, deps.isProduction), answer, now);
    await audit(db, actorOf(request), 'REGISTER_PASSKEY', now, { detail: relyingPartyOf(request, deps.isProduction).rpId });
    return reply.code(201).send();
  });

  app.post('/passkeys/:id/delete', { config: { staff: 'session' }, schema: { params: idParams } }, async (request, reply) => {
    const now = clock.now().getTime();
    await removePasskey(db, member(request).id, request.params.id);
    await audit(db, actorOf(request), 'DELETE_PASSKEY', now);
    return reply.code(204).send();
  });
};
