import type { Db } from '../../db/database.ts';
import { listOutboxMails } from '../../db/repositories/outbox-repository.ts';
import { deleteDevMaintenance, insertDevMaintenance } from '../../db/repositories/notices-repository.ts';

// What the development-only routes (/__dev/*, absent in production) do with the database: the
// routes stay free of repositories like every other route (decision 0080).

/** The newest outbox mails, optionally to one address. */
export const recentOutboxMails = (db: Db, filter: { to?: string; limit: number }) => listOutboxMails(db, filter);

/** Starts a maintenance window for one bank or all (null). */
export const startDevMaintenance = (db: Db, window: Parameters<typeof insertDevMaintenance>[1]) => insertDevMaintenance(db, window);

/** Ends every maintenance window started by the dev route. */
export const endDevMaintenance = (db: Db) => deleteDevMaintenance(db);
