import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verificationRegisterRequestSchema, verificationVerifyRequestSchema, verificationVerifyResponseSchema } from '@koza/domain/api/entry';
import { validationErrorBodySchema } from '@koza/domain/api/errors';
import type { Clock } from '../../adapters/clock.ts';
import type { MailSender } from '../../adapters/mail.ts';
import type { Db } from '../../db/database.ts';
import { assertHostBank } from '../../http/host-bank.ts';
import { registerAddress, verificationFailedErrors, verifyCode } from '../../services/applicant/verification.ts';

// POST /api/verification-codes/register and /verify (SPEC.md §7, DECISIONS.md §3).

export const verificationRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock; mail: MailSender; codeHashKey: Buffer }> = async (
  app,
  { db, clock, mail, codeHashKey },
) => {
  const deps = { db, mail, codeHashKey, now: () => clock.now().getTime() };

  app.post('/api/verification-codes/register', { schema: { body: verificationRegisterRequestSchema } }, async (request, reply) => {
    const body = request.body;
    assertHostBank(request, body.bankCode);
    await registerAddress(deps, {
      bank: request.bank,
      mailAddress: body.mailAddress,
      applicationType: body.applicationType,
      ip: request.ip,
    });
    return reply.code(204).send();
  });

  app.post(
    '/api/verification-codes/verify',
    { schema: { body: verificationVerifyRequestSchema, response: { 200: verificationVerifyResponseSchema, 401: validationErrorBodySchema } } },
    async (request, reply) => {
      const body = request.body;
      assertHostBank(request, body.bankCode);
      const result = await verifyCode(deps, {
        bank: request.bank,
        mailAddress: body.mailAddress,
        verificationCode: body.verificationCode,
        applicationType: body.applicationType,
        channel: body.channel,
        deviceId: body.deviceId,
      });
      if (!result.ok) return reply.code(401).send({ errors: [...verificationFailedErrors] });
      return { authenticationToken: result.authenticationToken };
    },
  );
};
