import type { Db } from '../database.ts';
import type { EpochMs } from '../schema.ts';
import { executor, type Executor } from '../executor.ts';

// Every SQL statement on `webhook_receipts`: the provider's signed notifications we accepted.

/** Records a delivery; false when the same one (session, status, body) was recorded before. */
export async function insertReceiptOnce(
  db: Db | Executor,
  r: { providerSessionId: string; providerStatus: string; bodySha256: string; now: EpochMs },
): Promise<boolean> {
  const result = await executor(db)
    .insertInto('webhookReceipts')
    .values({ providerSessionId: r.providerSessionId, providerStatus: r.providerStatus, bodySha256: r.bodySha256, receivedAt: r.now })
    .onConflict((oc) => oc.columns(['providerSessionId', 'providerStatus', 'bodySha256']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function countReceipts(db: Db | Executor, providerSessionId: string): Promise<number> {
  const row = await executor(db)
    .selectFrom('webhookReceipts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('providerSessionId', '=', providerSessionId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
