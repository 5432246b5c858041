import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { checkHealth } from '../../services/platform/health.ts';
import { checkReadiness } from '../../services/platform/readiness.ts';
import type { DrainState } from '../../http/graceful-shutdown.ts';

const readyResponse = z.object({
  status: z.enum(['ready', 'not-ready']),
  /** Why not: the database does not answer, or migrations this version needs have not run. */
  reason: z.enum(['database', 'migrations', 'shutting-down']).optional(),
});

const healthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  bankCode: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  /** The postal table in use: where it came from and the date of Japan Post's data (issue 27). */
  postalData: z
    .object({ version: z.string(), source: z.string().nullable(), dataDate: z.string().nullable(), rows: z.number(), loadedAt: z.string() })
    .nullable()
    .optional(),
});

/** GET /api/health: 200 when the database answers (with the postal data's origin and date), 503 only when it does not. No auth, no personal data. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; drain: DrainState }> = async (app, { db, drain }) => {
  app.get('/api/health', { schema: { response: { 200: healthResponse, 503: healthResponse } } }, async (request, reply) => {
    const base = { bankCode: request.bank.code, database: db.dialect };
    try {
      const { postalData } = await checkHealth(db);
      return { status: 'ok' as const, ...base, postalData };
    } catch {
      request.log.warn('health: database did not answer');
      return reply.code(503).send({ status: 'unavailable' as const, ...base });
    }
  });

  // GET /api/ready: what the load balancer probes (decision 0104). 503 while the database is
  // unreachable or migrations are pending, and from the moment the instance was told to stop
  // (before its listener closes: http/graceful-shutdown.ts); no auth, no data, any Host.
  app.get('/api/ready', { schema: { response: { 200: readyResponse, 503: readyResponse } } }, async (_request, reply) => {
    if (drain.notReady) return reply.code(503).send({ status: 'not-ready' as const, reason: 'shutting-down' as const });
    const readiness = await checkReadiness(db);
    if (readiness.ready) return { status: 'ready' as const };
    return reply.code(503).send({ status: 'not-ready' as const, reason: readiness.reason });
  });
};
