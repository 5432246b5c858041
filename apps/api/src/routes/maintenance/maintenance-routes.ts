import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { maintenanceResponseSchema } from '@koza/domain/api/entry';
import type { Clock } from '../../adapters/clock.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../services/platform/refusals.ts';
import { activeMaintenance } from '../../services/platform/maintenance.ts';

/** GET /api/maintenance → 200 { startedAt, endedAt } while a window is active for the host's bank; 404 otherwise (SPEC.md §7). */
export const maintenanceRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  app.get('/api/maintenance', { schema: { response: { 200: maintenanceResponseSchema } } }, async (request) => {
    const window = await activeMaintenance(db, request.bank.code, clock.now());
    if (!window) throw notFound();
    return window;
  });
};
