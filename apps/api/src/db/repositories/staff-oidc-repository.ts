import type { Selectable } from 'kysely';
import type { Db } from '../database.ts';
import type { EpochMs, StaffOidcStatesTable } from '../schema.ts';
import { executor, type Executor } from '../executor.ts';
import type { StaffRow } from './staff-repository.ts';

// Every SQL statement of the sign-in through a bank's provider (services/staff/staff-oidc.ts owns the
// rules, migration 072): the sign-ins sent to the provider, the members' links, the break-glass window.

export type OidcStateRow = Selectable<StaffOidcStatesTable>;

/** Stores a sign-in sent to the provider, dropping every one older than `expiredBefore` on the way. */
export async function insertOidcState(db: Db | Executor, row: OidcStateRow, expiredBefore: EpochMs): Promise<void> {
  await executor(db).deleteFrom('staffOidcStates').where('createdAt', '<', expiredBefore).execute();
  await executor(db).insertInto('staffOidcStates').values(row).execute();
}

/** Takes a sign-in once: the row is deleted and returned if it was there and is fresh. */
export async function takeOidcState(db: Db | Executor, id: string, since: EpochMs): Promise<OidcStateRow | null> {
  const row = await executor(db).selectFrom('staffOidcStates').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const deleted = await executor(db).deleteFrom('staffOidcStates').where('id', '=', id).executeTakeFirst();
  // Two callbacks with one cookie: only the one whose DELETE removed the row goes on.
  if (Number(deleted.numDeletedRows) !== 1 || row.createdAt < since) return null;
  return row;
}

/** The member of this bank linked to the provider account (`iss`, `sub`), or null. */
export async function findStaffBySubject(db: Db | Executor, bankCode: string, issuer: string, subject: string): Promise<StaffRow | null> {
  return (
    (await executor(db)
      .selectFrom('staffUsers')
      .selectAll()
      .where('bankCode', '=', bankCode)
      .where('oidcIssuer', '=', issuer)
      .where('oidcSubject', '=', subject)
      .executeTakeFirst()) ?? null
  );
}

/** Whether another member of the bank is linked to, or waits for, this provider account. */
export async function subjectTaken(db: Db | Executor, bankCode: string, issuer: string, subject: string, exceptId: string): Promise<boolean> {
  const row = await executor(db)
    .selectFrom('staffUsers')
    .select('id')
    .where('bankCode', '=', bankCode)
    .where('id', '!=', exceptId)
    .where((eb) =>
      eb.or([
        eb.and([eb('oidcIssuer', '=', issuer), eb('oidcSubject', '=', subject)]),
        eb.and([eb('pendingOidcIssuer', '=', issuer), eb('pendingOidcSubject', '=', subject)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** Links the member to a provider account, or removes the link (null); what waited for it is gone. */
export async function setOidcLink(db: Db | Executor, id: string, link: { issuer: string; subject: string } | null, now: EpochMs): Promise<void> {
  await executor(db)
    .updateTable('staffUsers')
    .set({
      oidcIssuer: link?.issuer ?? null,
      oidcSubject: link?.subject ?? null,
      pendingOidcIssuer: null,
      pendingOidcSubject: null,
      pendingOidcUnlink: 0,
      updatedAt: now,
    })
    .where('id', '=', id)
    .execute();
}

/** A link that waits for a second ADMIN (decision 0233). */
export async function setPendingOidcLink(db: Db | Executor, id: string, link: { issuer: string; subject: string }, now: EpochMs): Promise<void> {
  await executor(db)
    .updateTable('staffUsers')
    .set({ pendingOidcIssuer: link.issuer, pendingOidcSubject: link.subject, pendingOidcUnlink: 0, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

export async function markOidcSignIn(db: Db | Executor, id: string, now: EpochMs): Promise<void> {
  await executor(db).updateTable('staffUsers').set({ lastOidcSignInAt: now }).where('id', '=', id).execute();
}

// ---- break glass ----

/** Opens (or moves the end of) the bank's break-glass window. */
export async function openBreakGlass(db: Db | Executor, bankCode: string, now: EpochMs, until: EpochMs): Promise<void> {
  await executor(db)
    .insertInto('staffBreakGlass')
    .values({ bankCode, openedAt: now, until })
    .onConflict((oc) => oc.column('bankCode').doUpdateSet({ openedAt: now, until }))
    .execute();
}

/** Closes the bank's window; true when one was open. */
export async function closeBreakGlass(db: Db | Executor, bankCode: string, now: EpochMs): Promise<boolean> {
  const result = await executor(db).deleteFrom('staffBreakGlass').where('bankCode', '=', bankCode).where('until', '>', now).executeTakeFirst();
  await executor(db).deleteFrom('staffBreakGlass').where('bankCode', '=', bankCode).execute();
  return Number(result.numDeletedRows) > 0;
}

export async function breakGlassOpen(db: Db | Executor, bankCode: string, now: EpochMs): Promise<boolean> {
  const row = await executor(db).selectFrom('staffBreakGlass').select('until').where('bankCode', '=', bankCode).where('until', '>', now).executeTakeFirst();
  return row !== undefined;
}
