import type { Db } from '../db/database.ts';
import { pingDatabase } from '../db/repositories/system-repository.ts';

/** Resolves when the database answers a trivial query; rejects otherwise (GET /api/health). */
export const checkDatabase = (db: Db): Promise<void> => pingDatabase(db);
