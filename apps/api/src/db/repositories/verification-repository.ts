import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../database.ts';
import type { EpochMs, VerificationCodesTable } from '../schema.ts';
import { executor, type Executor } from '../executor.ts';

// verification_codes: one live code per (bank, application type, address hash). Only the code's
// keyed hash is stored.

export type VerificationCodeRow = Selectable<VerificationCodesTable>;

export interface CodeKey {
  bankCode: string;
  applicationType: string;
  mailHash: string;
}

/** Stores a new code for the key, replacing any earlier one (and its wrong tries). */
export async function replaceCode(db: Db, key: CodeKey, values: { mailAddress: string; codeHash: string; expiresAt: EpochMs; now: EpochMs }): Promise<void> {
  await db.kysely
    .insertInto('verificationCodes')
    .values({
      id: randomUUID(),
      ...key,
      mailAddress: values.mailAddress,
      codeHash: values.codeHash,
      wrongTries: 0,
      expiresAt: values.expiresAt,
      createdAt: values.now,
    })
    .onConflict((oc) =>
      oc.columns(['bankCode', 'applicationType', 'mailHash']).doUpdateSet({
        id: randomUUID(),
        mailAddress: values.mailAddress,
        codeHash: values.codeHash,
        wrongTries: 0,
        expiresAt: values.expiresAt,
        createdAt: values.now,
      }),
    )
    .execute();
}

/** The code of the key if it has not expired. */
export async function findLiveCode(db: Db, key: CodeKey, now: EpochMs): Promise<VerificationCodeRow | null> {
  const row = await db.kysely
    .selectFrom('verificationCodes')
    .selectAll()
    .where('bankCode', '=', key.bankCode)
    .where('applicationType', '=', key.applicationType)
    .where('mailHash', '=', key.mailHash)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Takes one of the code's tries BEFORE the code is compared, in one statement: parallel guesses
 * cannot compare more than `maxTries` times. False when the code has no try left (or is gone).
 */
export async function takeTry(db: Db, id: string, maxTries: number): Promise<boolean> {
  const row = await db.kysely
    .updateTable('verificationCodes')
    .set((eb) => ({ wrongTries: eb('wrongTries', '+', 1) }))
    .where('id', '=', id)
    .where('wrongTries', '<', maxTries)
    .returning('wrongTries')
    .executeTakeFirst();
  return row !== undefined;
}

/** Consumes a code: true for exactly one caller. Inside the transaction that opens the session, so a failure keeps it. */
export async function deleteCode(db: Db | Executor, id: string): Promise<boolean> {
  const result = await executor(db).deleteFrom('verificationCodes').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Housekeeping: codes past their expiry (they hold the address in clear). */
export async function deleteExpiredCodes(db: Db, now: EpochMs): Promise<void> {
  await db.kysely.deleteFrom('verificationCodes').where('expiresAt', '<=', now).execute();
}
