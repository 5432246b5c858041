import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isChannelId, notificationsResponseSchema } from '@koza/domain/api/entry';
import type { Clock } from '../../adapters/clock.ts';
import type { Db } from '../../db/database.ts';
import { activeNotices } from '../../services/applicant/notifications.ts';

/** GET /api/notifications/{bankCode or channel} → { notificationList: [{ contents }] } (no auth; unknown → empty). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  app.get(
    '/api/notifications/:target',
    {
      schema: {
        params: z.object({ target: z.string() }),
        response: { 200: notificationsResponseSchema },
      },
    },
    async (request) => {
      const { target } = request.params;
      // Not a bank code nor a well-formed channel id: nothing can match it.
      if (!isChannelId(target)) return { notificationList: [] };
      const notices = await activeNotices(db, target, request.bank.code, clock.now());
      return { notificationList: notices.map((contents) => ({ contents })) };
    },
  );
};
