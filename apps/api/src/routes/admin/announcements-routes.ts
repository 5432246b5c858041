import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createdSchema,
  funnelQuerySchema,
  funnelSchema,
  maintenanceBodySchema,
  maintenanceListSchema,
  noticeBodySchema,
  noticeListSchema,
} from '@koza/domain/api/admin-announcements';
import type { Clock } from '../../adapters/clock.ts';
import type { Db } from '../../db/database.ts';
import { toJapanIso } from '../../services/platform/japan-iso-time.ts';
import {
  createMaintenance,
  createNotice,
  editMaintenance,
  editNotice,
  endMaintenance,
  listMaintenance,
  listNotices,
} from '../../services/staff/announcements.ts';
import { audit } from '../../services/staff/audit.ts';
import { funnel, funnelCsv } from '../../services/staff/funnel.ts';
import { actorOf } from './staff-guard.ts';

// Back office part 2 (issue 15): maintenance windows, notices and the funnel. Registered inside
// adminRoutes, so the one staff guard covers them; each route declares its permission.

const idParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

export const announcementsRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  const now = () => clock.now().getTime();

  // ---- maintenance windows ----

  app.get('/maintenance', { config: { staff: 'announcements.read' }, schema: { response: { 200: maintenanceListSchema } } }, async (request) => ({
    items: await listMaintenance(db, actorOf(request).bankCode, now()),
  }));

  app.post(
    '/maintenance',
    { config: { staff: 'announcements.publish' }, schema: { body: maintenanceBodySchema, response: { 201: createdSchema } } },
    async (request, reply) => reply.code(201).send({ id: await createMaintenance(db, actorOf(request), request.body, now()) }),
  );

  app.post(
    '/maintenance/:id',
    { config: { staff: 'announcements.publish' }, schema: { params: idParams, body: maintenanceBodySchema } },
    async (request, reply) => {
      await editMaintenance(db, actorOf(request), request.params.id, request.body, now());
      return reply.code(204).send();
    },
  );

  app.post('/maintenance/:id/end', { config: { staff: 'announcements.publish' }, schema: { params: idParams } }, async (request, reply) => {
    await endMaintenance(db, actorOf(request), request.params.id, now());
    return reply.code(204).send();
  });

  // ---- notices ----

  app.get('/notices', { config: { staff: 'announcements.read' }, schema: { response: { 200: noticeListSchema } } }, async (request) => ({
    items: await listNotices(db, actorOf(request).bankCode, now()),
  }));

  app.post(
    '/notices',
    { config: { staff: 'announcements.publish' }, schema: { body: noticeBodySchema, response: { 201: createdSchema } } },
    async (request, reply) => reply.code(201).send({ id: await createNotice(db, actorOf(request), request.body, now()) }),
  );

  app.post('/notices/:id', { config: { staff: 'announcements.publish' }, schema: { params: idParams, body: noticeBodySchema } }, async (request, reply) => {
    await editNotice(db, actorOf(request), request.params.id, request.body, now());
    return reply.code(204).send();
  });

  // ---- funnel ----

  app.get('/funnel', { config: { staff: 'funnel.read' }, schema: { querystring: funnelQuerySchema, response: { 200: funnelSchema } } }, async (request) => {
    const actor = actorOf(request);
    const result = await funnel(db, actor.bankCode, request.query, now());
    await audit(db, actor, 'VIEW_FUNNEL', now(), { detail: `${result.type} ${result.from}〜${result.to}` });
    return result;
  });

  app.get('/funnel/export.csv', { config: { staff: 'funnel.read' }, schema: { querystring: funnelQuerySchema } }, async (request, reply) => {
    const actor = actorOf(request);
    const lines: string[] = [];
    // Read before answering: a bad period is a 400, not a broken download.
    for await (const line of funnelCsv(db, actor.bankCode, request.query, now())) lines.push(line);
    await audit(db, actor, 'EXPORT_FUNNEL', now(), { detail: `${request.query.type} ${request.query.from ?? ''}〜${request.query.to ?? ''}` });
    const day = toJapanIso(now()).slice(0, 10).replaceAll('-', '');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="funnel-${actor.bankCode}-${request.query.type}-${day}.csv"`)
      .send(Readable.from(lines));
  });
};
