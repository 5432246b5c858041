import type { Selectable } from 'kysely';
import type { Db } from '../database.ts';
import type { DocumentsTable, EpochMs } from '../schema.ts';
import { executor, type Executor } from '../executor.ts';

// Every SQL statement on `documents`: uploaded images, kept in the database.

export type DocumentRow = Selectable<DocumentsTable>;
export type DocumentSummary = Omit<DocumentRow, 'bytes'>;

/** Stores a document, replacing an earlier one of the same type (a retake keeps only the newest). */
export async function replaceDocument(
  db: Db | Executor,
  d: { id: string; applicationId: string; type: string; contentType: string; sha256: string; bytes: Buffer; now: EpochMs },
): Promise<void> {
  const x = executor(db);
  await x.deleteFrom('documents').where('applicationId', '=', d.applicationId).where('type', '=', d.type).execute();
  await x
    .insertInto('documents')
    .values({
      id: d.id,
      applicationId: d.applicationId,
      type: d.type,
      contentType: d.contentType,
      size: d.bytes.length,
      sha256: d.sha256,
      bytes: d.bytes,
      createdAt: d.now,
    })
    .execute();
}

/** The types an application has uploaded. */
export async function documentTypesOf(db: Db | Executor, applicationId: string): Promise<string[]> {
  const rows = await executor(db).selectFrom('documents').select('type').distinct().where('applicationId', '=', applicationId).execute();
  return rows.map((r) => r.type);
}

export async function listDocuments(db: Db | Executor, applicationId: string): Promise<DocumentSummary[]> {
  return executor(db)
    .selectFrom('documents')
    .select(['id', 'applicationId', 'type', 'contentType', 'size', 'sha256', 'createdAt'])
    .where('applicationId', '=', applicationId)
    .orderBy('createdAt')
    .execute();
}

/** The stored bytes (staff review, and tests that check what was kept). */
export async function readDocumentBytes(db: Db | Executor, id: string): Promise<Buffer | null> {
  const row = await executor(db).selectFrom('documents').select('bytes').where('id', '=', id).executeTakeFirst();
  return row ? Buffer.from(row.bytes) : null;
}
