import { Readable } from 'node:stream';
import { auditListQuerySchema, auditListSchema } from '@koza/domain/api/admin';
import { auditCsv, auditPage } from '../../services/staff/admin-applications.ts';
import { audit } from '../../services/staff/audit.ts';
import { actorOf } from './staff-guard.ts';
import type { AdminApp, AdminRouteDeps } from './admin-route-parts.ts';
import { filterText, japanDayOf } from './admin-route-parts.ts';

// The audit log as an ADMIN reads and exports it (docs/decisions/0113-audit-log.md).

/** The audit log and its CSV (ADMIN). */
export function auditRoutes(app: AdminApp, deps: AdminRouteDeps): void {
  const { db, clock } = deps;
  app.get('/audit', { config: { staff: 'audit.read' }, schema: { querystring: auditListQuerySchema, response: { 200: auditListSchema } } }, async (request) => {
    const actor = actorOf(request);
    await audit(db, actor, 'VIEW_AUDIT', clock.now().getTime(), { detail: filterText({ ...request.query, page: undefined }) || null });
    return auditPage(db, actor.bankCode, request.query);
  });

  app.get('/audit/export.csv', { config: { staff: 'audit.read' }, schema: { querystring: auditListQuerySchema } }, async (request, reply) => {
    const actor = actorOf(request);
    await audit(db, actor, 'EXPORT_AUDIT', clock.now().getTime(), { detail: filterText({ ...request.query, page: undefined }) || null });
    const day = japanDayOf(clock.now().getTime());
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${actor.bankCode}-${day}.csv"`)
      .send(Readable.from(auditCsv(db, actor.bankCode, request.query)));
  });
}
