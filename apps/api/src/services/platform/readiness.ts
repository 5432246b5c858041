import type { Db } from '../../db/database.ts';
import { pendingMigrations } from '../../db/migrate.ts';
import { pingDatabase } from '../../db/repositories/system-repository.ts';

// Readiness (decision 0104): an instance takes traffic only when its database answers AND the schema
// is the one its code expects. During a rollout an instance of a newer version whose migrations have
// not run yet stays out of the load balancer instead of failing requests.

export type Readiness = { ready: true } | { ready: false; reason: 'database' | 'migrations' };

export async function checkReadiness(db: Db): Promise<Readiness> {
  try {
    await pingDatabase(db);
  } catch {
    return { ready: false, reason: 'database' };
  }
  try {
    return (await pendingMigrations(db)).length === 0 ? { ready: true } : { ready: false, reason: 'migrations' };
  } catch {
    return { ready: false, reason: 'database' };
  }
}
