import {
  staffCreateBodySchema,
  staffRoleBodySchema,
  staffListSchema,
  staffChangeResultSchema,
  staffOidcLinkBodySchema,
  staffSessionsSchema,
} from '@koza/domain/api/admin';
import type { BankCode } from '@koza/domain/constants';
import { adminMessages } from '@koza/domain/admin/messages';
import { FieldValidationError, Refusal } from '../../services/platform/refusals.ts';
import { audit } from '../../services/staff/audit.ts';
import { assertPasswordAllowed } from '../../services/staff/staff-password-policy.ts';
import { confirmStaffChange, needsSecondAdmin, recordCreation, requestStaffChange } from '../../services/staff/staff-confirmation.ts';
import type { StaffChange } from '../../services/staff/staff-confirmation.ts';
import { bankNameOf, createStaff } from '../../services/staff/staff-auth.ts';
import { endStaffSessionsOfBank, staffSessionsOfBank, listStaff } from '../../services/staff/staff-accounts.ts';
import { actorOf } from './staff-guard.ts';
import type { AdminApp, AdminRouteDeps } from './admin-route-parts.ts';
import { idParams } from './admin-route-parts.ts';

// Staff accounts as an ADMIN manages them (docs/decisions/0164-staff-account-life-cycle.md, 0233):
// creation, changes confirmed by a second ADMIN, changes that apply at once, a member's sessions.

/** The bank's staff accounts (ADMIN). */
export function staffAccountRoutes(app: AdminApp, deps: AdminRouteDeps): void {
  const { db, clock } = deps;
  const staffChangeDeps = { db, passwordLogN: deps.passwordLogN, codeHashKey: deps.codeHashKey };
  const authDeps = { db, codeHashKey: deps.codeHashKey, dataKey: deps.dataKey, passwordLogN: deps.passwordLogN };
  const bankIssuer = (bankCode: BankCode): string => {
    const provider = deps.staffOidc.providerOf(bankCode);
    if (!provider) throw new Refusal('conflict', { message: adminMessages.noProvider });
    return provider.issuer;
  };
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

  // Changes that wait for a second ADMIN in four-eyes mode (decision 0233): role, resets, a stop of an
  // ADMIN, a restart, lifting an ADMIN's sign-in limit, a link to the bank's provider and removing an ADMIN's. Each answers whether it waits and, where it
  // took effect with a new one-time password (a password reset, a restart), that password.
  const waitingChanges: Record<string, (request: { body: unknown; bank: { code: BankCode } }) => StaffChange> = {
    role: (request) => ({ kind: 'role', role: staffRoleBodySchema.parse(request.body).role }),
    // The bank's provider account (decision 0253): its issuer is the bank's, the subject the ADMIN's entry.
    'oidc-link': (request) => ({ kind: 'link', issuer: bankIssuer(request.bank.code), subject: staffOidcLinkBodySchema.parse(request.body).subject }),
    'oidc-unlink': () => ({ kind: 'unlink' }),
    password: () => ({ kind: 'password' }),
    'totp-reset': () => ({ kind: 'second-factor' }),
    disable: () => ({ kind: 'disable' }),
    enable: () => ({ kind: 'enable' }),
    unlock: () => ({ kind: 'unlock' }),
  };
  for (const [name, changeOf] of Object.entries(waitingChanges)) {
    app.post(
      `/staff/:id/${name}`,
      {
        config: { staff: 'staff.manage' },
        schema: {
          params: idParams,
          ...(name === 'role' ? { body: staffRoleBodySchema } : name === 'oidc-link' ? { body: staffOidcLinkBodySchema } : {}),
          response: { 200: staffChangeResultSchema },
        },
      },
      async (request) => requestStaffChange(staffChangeDeps, actorOf(request), request.params.id, changeOf(request), clock.now().getTime()),
    );
  }

  // Ending a member's sessions applies at once (never their own account: 409), audited: it only takes access away.
  app.post('/staff/:id/sessions/end', { config: { staff: 'staff.manage' }, schema: { params: idParams } }, async (request, reply) => {
    await endStaffSessionsOfBank(db, actorOf(request), request.params.id, clock.now().getTime());
    return reply.code(204).send();
  });

  app.get('/staff/:id/sessions', { config: { staff: 'staff.manage' }, schema: { params: idParams, response: { 200: staffSessionsSchema } } }, async (request) =>
    staffSessionsOfBank(db, actorOf(request), request.params.id, clock.now().getTime()),
  );
}
