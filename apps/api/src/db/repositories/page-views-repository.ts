import type { Db } from '../database.ts';
import type { EpochMs } from '../schema.ts';

export interface NewPageView {
  bankCode: string;
  applicationType: string | null;
  path: string;
  deviceId: string | null;
  channel: string | null;
  createdAt: EpochMs;
}

export async function insertPageView(db: Db, view: NewPageView): Promise<void> {
  await db.kysely.insertInto('pageViews').values(view).execute();
}
