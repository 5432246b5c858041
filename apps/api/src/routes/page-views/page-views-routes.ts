import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicationTypes } from '@koza/domain/constants';
import { messages } from '@koza/domain/messages';
import type { Clock } from '../../adapters/clock.ts';
import type { Db } from '../../db/database.ts';
import { FieldValidationError } from '../../http/errors.ts';
import { recordPageView } from '../../services/page-views.ts';
import { channelInput, deviceIdInput } from '../verification/entry-inputs.ts';

export const pagePathMaxLength = 200;

const pageViewBody = z.object({
  // The route only: query and fragment are cut (they may carry entry codes), never stored.
  path: z
    .string()
    .max(pagePathMaxLength * 4)
    .transform((p) => p.split(/[?#]/)[0] ?? '')
    .refine((p) => p.startsWith('/') && p.length <= pagePathMaxLength && !/[\s\p{Cc}]/u.test(p)),
  bankCode: z.string({ error: messages.bankMismatch }),
  applicationType: z.enum(applicationTypes).nullish().transform((v) => v ?? null),
  channel: channelInput,
  deviceId: deviceIdInput,
});

/** POST /api/page-views → 204 (no auth; 120 per minute per client IP, 429 beyond). */
export const pageViewsRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  app.post('/api/page-views', { schema: { body: pageViewBody } }, async (request, reply) => {
    const body = request.body;
    if (body.bankCode !== request.bank.code) throw new FieldValidationError([{ field: 'bankCode', message: messages.bankMismatch }]);
    await recordPageView(
      db,
      { bankCode: body.bankCode, path: body.path, applicationType: body.applicationType, channel: body.channel, deviceId: body.deviceId, ip: request.ip },
      clock.now().getTime(),
    );
    return reply.code(204).send();
  });
};
