import type { HandoverEntry } from '../../adapters/handover-format.ts';
import type { Db } from '../database.ts';
import { durableTransaction } from '../durable-transaction.ts';
import type { Executor } from '../executor.ts';
import type { EpochMs } from '../schema.ts';

// SQL of the hand-over outbox (migration 071, docs/decisions/0249-handover-outbox.md): the approval
// stores an entry in its transaction; the exporter claims entries, writes them, and deletes them.

/** An entry as the exporter reads it: its sequence number, its application, and the hand-over without the images. */
export interface OutboxEntry {
  seq: number;
  applicationId: string;
  entry: Omit<HandoverEntry, 'verification'> & { verification: Omit<HandoverEntry['verification'], 'images'> };
}

/**
 * Stores one approval's hand-over, in the approval's transaction. Its sequence number comes from the
 * one row of handover_sequence, whose lock is held until the approval commits: entries become visible
 * in the order of their numbers, so the exporter never passes one that is yet to commit.
 * Call it last in the transaction, to hold that lock the shortest time.
 */
export async function insertOutboxEntry(trx: Executor, applicationId: string, entry: HandoverEntry): Promise<number> {
  const { lastSeq: seq } = await trx
    .updateTable('handoverSequence')
    .set((eb) => ({ lastSeq: eb('lastSeq', '+', 1) }))
    .where('id', '=', 1)
    .returning('lastSeq')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('handoverOutbox')
    .values({
      seq,
      applicationId,
      bankCode: entry.bankCode,
      applicationNumber: entry.applicationNumber,
      approvedAt: entry.approvedAt,
      accountVersion: entry.account.version,
      accountHeader: entry.account.header,
      accountLine: entry.account.lines,
      recordVersion: entry.verification.version,
      recordHeader: entry.verification.header,
      recordLines: entry.verification.lines,
      claimedBy: null,
      claimedAt: null,
    })
    .execute();
  for (const image of entry.verification.images) await trx.insertInto('handoverOutboxImages').values({ seq, name: image.name, bytes: image.bytes }).execute();
  return seq;
}

/**
 * The next `limit` entries `exporter` may write, oldest first: those it claimed before (a run of it
 * that ended early) and those nobody claimed, which it claims now (committed before it writes: an
 * entry is only ever written by one exporter). Entries another exporter claimed wait for it.
 */
export async function claimOutboxEntries(db: Db, exporter: string, now: EpochMs, limit: number): Promise<OutboxEntry[]> {
  const rows = await durableTransaction(db, async (trx) => {
    const candidates = await trx
      .selectFrom('handoverOutbox')
      .select('seq')
      .where((eb) => eb.or([eb('claimedBy', 'is', null), eb('claimedBy', '=', exporter)]))
      .orderBy('seq')
      .limit(limit)
      .execute();
    if (candidates.length === 0) return [];
    const seqs = candidates.map((c) => c.seq);
    await trx.updateTable('handoverOutbox').set({ claimedBy: exporter, claimedAt: now }).where('seq', 'in', seqs).where('claimedBy', 'is', null).execute();
    return trx.selectFrom('handoverOutbox').selectAll().where('seq', 'in', seqs).where('claimedBy', '=', exporter).orderBy('seq').execute();
  });
  return rows.map((r) => ({
    seq: r.seq,
    applicationId: r.applicationId,
    entry: {
      bankCode: r.bankCode,
      applicationNumber: r.applicationNumber,
      approvedAt: r.approvedAt,
      verification: { version: r.recordVersion, header: r.recordHeader, lines: r.recordLines },
      account: { version: r.accountVersion, header: r.accountHeader, lines: r.accountLine },
    },
  }));
}

/** Whether `exporter` has anything to write: an entry nobody claimed, or one it claimed and never finished. */
export async function hasOutboxWork(db: Db, exporter: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('handoverOutbox')
    .select('seq')
    .where((eb) => eb.or([eb('claimedBy', 'is', null), eb('claimedBy', '=', exporter)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The images of one entry, by name (read one entry at a time: a backlog's images never all in memory). */
export async function outboxImages(db: Db, seq: number): Promise<{ name: string; bytes: Uint8Array }[]> {
  return db.kysely.selectFrom('handoverOutboxImages').select(['name', 'bytes']).where('seq', '=', seq).orderBy('name').execute();
}

/**
 * Marks entries written: their review rows get the time of the hand-over and the file that holds
 * them, and the entries and their images are deleted (the bank's from now on). One durable transaction.
 */
export async function markExported(
  db: Db,
  exporter: string,
  written: readonly { seq: number; applicationId: string; reference: string }[],
  now: EpochMs,
): Promise<void> {
  if (written.length === 0) return;
  await durableTransaction(db, async (trx) => {
    for (const w of written) {
      const deleted = await trx.deleteFrom('handoverOutbox').where('seq', '=', w.seq).where('claimedBy', '=', exporter).executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) continue;
      await trx.deleteFrom('handoverOutboxImages').where('seq', '=', w.seq).execute();
      await trx
        .updateTable('applicationReviews')
        .set({ handedOverAt: now, handoverReference: w.reference })
        .where('applicationId', '=', w.applicationId)
        .execute();
    }
  });
}

/** The entries not yet exported and the approval time of the oldest (the metrics' view; counts and times only). */
export async function outboxBacklog(db: Db): Promise<{ entries: number; oldestApprovedAt: EpochMs | null }> {
  const row = await db.kysely
    .selectFrom('handoverOutbox')
    .select((eb) => [eb.fn.countAll<number | string>().as('entries'), eb.fn.min('approvedAt').as('oldest')])
    .executeTakeFirstOrThrow();
  return { entries: Number(row.entries), oldestApprovedAt: row.oldest === null ? null : Number(row.oldest) };
}
