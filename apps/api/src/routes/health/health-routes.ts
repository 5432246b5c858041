import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { checkDatabase } from '../../services/health.ts';

const healthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  bankCode: z.string(),
  database: z.enum(['sqlite', 'postgres']),
});

/** GET /api/health: 200 when the database answers, 503 only when it does not. No auth, no data. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/health', { schema: { response: { 200: healthResponse, 503: healthResponse } } }, async (request, reply) => {
    const base = { bankCode: request.bank.code, database: db.dialect };
    try {
      await checkDatabase(db);
      return { status: 'ok' as const, ...base };
    } catch {
      request.log.warn('health: database did not answer');
      return reply.code(503).send({ status: 'unavailable' as const, ...base });
    }
  });
};
