import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicationStatusSchema, statusCodeRequestSchema, statusRequestSchema } from '@koza/domain/api/application-status';
import { statusText } from '@koza/domain/application-status';
import type { Clock } from '../../adapters/clock.ts';
import type { MailSender } from '../../adapters/mail.ts';
import type { Db } from '../../db/database.ts';
import { assertHostBank } from '../../http/host-bank.ts';
import { FieldValidationError } from '../../services/platform/refusals.ts';
import { checkStatus, sendStatusCode } from '../../services/applicant/application-status.ts';

// POST /api/application-status/code and POST /api/application-status: お申込み状況の確認
// (docs/decisions/0192-application-status-page.md). No bearer token and never a 401, so the web's
// session-error handling does not apply.

export const applicationStatusRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock; mail: MailSender; codeHashKey: Buffer }> = async (
  app,
  { db, clock, mail, codeHashKey },
) => {
  const deps = { db, mail, codeHashKey, now: () => clock.now().getTime() };

  app.post('/api/application-status/code', { schema: { body: statusCodeRequestSchema } }, async (request, reply) => {
    const body = request.body;
    assertHostBank(request, body.bankCode);
    await sendStatusCode(deps, {
      bank: request.bank,
      mailAddress: body.mailAddress,
      applicationNumber: body.applicationNumber,
      ip: request.ip,
      // The error may name the address: only the event is logged.
      onMailFailure: () => request.log.warn({ event: 'status-code-mail-failed' }, 'a status check code could not be mailed'),
    });
    return reply.code(204).send();
  });

  app.post('/api/application-status', { schema: { body: statusRequestSchema, response: { 200: applicationStatusSchema } } }, async (request) => {
    const body = request.body;
    assertHostBank(request, body.bankCode);
    const view = await checkStatus(deps, {
      bank: request.bank,
      mailAddress: body.mailAddress,
      applicationNumber: body.applicationNumber,
      verificationCode: body.verificationCode,
    });
    if (!view) throw new FieldValidationError([{ field: 'verificationCode', message: statusText.failed }]);
    return view;
  });
};
