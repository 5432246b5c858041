import { createHash } from 'node:crypto';
import type { AuditLogTable } from './schema.ts';

// The audit log's hash chain (docs/decisions/0204-audit-tamper-evidence.md): each row carries the
// hash of the row before it (the whole log, every bank, in id order) and its own, computed from its
// fields and that previous hash. Changing, removing or inserting a row breaks the chain at that row;
// `npm run audit:verify` walks it and names the first broken row.

export const chainGenesis = 'genesis';

/** The fields a row's hash covers: all but its id and the hashes themselves. */
export type ChainedFields = Omit<AuditLogTable, 'id' | 'prevHash' | 'rowHash'>;

/** SHA-256 of the previous hash and the row's fields in a fixed order (JSON: no ambiguity between fields). */
export function auditRowHash(prevHash: string, row: ChainedFields): string {
  const fields = [
    Number(row.at),
    row.bankCode,
    row.staffId,
    row.staffLoginId,
    row.action,
    row.applicationId,
    row.applicationNumber,
    row.detail,
    row.ipAddress,
    row.userAgent ?? null,
  ];
  return createHash('sha256').update(prevHash).update('\n').update(JSON.stringify(fields)).digest('hex');
}

export type ChainRow = ChainedFields & { id: number | string; prevHash: string | null; rowHash: string | null };

export type ChainReport =
  { ok: true; rows: number; unchained: number; head: { id: number; hash: string } | null } | { ok: false; rows: number; brokenAt: number; reason: string };

/**
 * Walks rows in id order. Rows from before the chain (no hashes, migration 046) may only come first;
 * from the first chained row on, every row must name its predecessor's hash and match its own.
 */
export async function verifyAuditChain(rows: AsyncIterable<ChainRow>): Promise<ChainReport> {
  let count = 0;
  let unchained = 0;
  let previous: string | null = null;
  let head: { id: number; hash: string } | null = null;
  for await (const row of rows) {
    count++;
    const id = Number(row.id);
    if (row.rowHash === null && row.prevHash === null) {
      if (previous !== null) return { ok: false, rows: count, brokenAt: id, reason: 'row without hashes after the chain began' };
      unchained++;
      continue;
    }
    const expectedPrev = previous ?? chainGenesis;
    if (row.prevHash !== expectedPrev)
      return {
        ok: false,
        rows: count,
        brokenAt: id,
        reason: 'previous hash does not match the row before it (a row removed, inserted or changed before this one)',
      };
    if (row.rowHash !== auditRowHash(expectedPrev, row))
      return { ok: false, rows: count, brokenAt: id, reason: 'row hash does not match its fields (the row was changed)' };
    previous = row.rowHash;
    head = { id, hash: row.rowHash };
  }
  return { ok: true, rows: count, unchained, head };
}
