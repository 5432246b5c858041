import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { verification } from '@koza/domain/constants';
import type { ApplicationType, BankCode } from '@koza/domain/constants';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { findLiveSession, insertSession, revokeByApplication, revokeByMailAddress, touchSession } from '../db/repositories/sessions-repository.ts';
import { keyedHash } from './keyed-hash.ts';

// Bearer sessions (DECISIONS.md §3): an opaque random token of 256 bits, stored only as its keyed
// hash, bound to bank, application type, device and address; 30 minutes idle (every authenticated
// call extends it), 3 hours absolute; revoked at completion.
// The idle window is written at most once per touchIntervalMs (docs/decisions/0122-session-touch-interval.md):
// a read per call instead of a write per call. The stored time may then lag the last call by less
// than the interval, so a session idles out between 29 and 30 minutes after its last call: never later.

export const tokenBytes = 32;
export const idleLimitMs = verification.tokenIdleMinutes * 60_000;
export const absoluteLimitMs = verification.tokenAbsoluteHours * 3_600_000;
/** How stale the stored last-seen time may get before a call writes it again. */
export const touchIntervalMs = 60_000;
/** base64url of 32 bytes. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** What an authenticated request knows about its caller (request.auth). */
export interface AuthContext {
  sessionId: string;
  applicationId: string;
  bankCode: BankCode;
  applicationType: ApplicationType;
  mailAddress: string;
}

export const tokenHash = (key: Buffer, token: string): string => keyedHash(key, 'token', token);

/** Opens a session for an application and returns its token (the only time the token exists in clear). */
export async function openSession(
  db: Db | Kysely<Database> | Transaction<Database>,
  key: Buffer,
  s: { bankCode: string; applicationType: string; deviceId: string | null; mailAddress: string; applicationId: string; now: number },
): Promise<string> {
  const token = randomBytes(tokenBytes).toString('base64url');
  await insertSession(db, { id: randomUUID(), tokenHash: tokenHash(key, token), ...s });
  return token;
}

/** The session of a bearer token on this bank, extending its idle window; null when it must not be used. */
export async function authenticate(db: Db, key: Buffer, token: string, bankCode: BankCode, now: number): Promise<AuthContext | null> {
  if (!tokenPattern.test(token)) return null;
  const session = await findLiveSession(db, {
    tokenHash: tokenHash(key, token),
    bankCode,
    idleSince: now - idleLimitMs,
    createdSince: now - absoluteLimitMs,
  });
  if (!session || session.applicationId === null) return null;
  if (now - session.lastSeenAt >= touchIntervalMs) await touchSession(db, session.id, now);
  return {
    sessionId: session.id,
    applicationId: session.applicationId,
    bankCode: session.bankCode as BankCode,
    applicationType: session.applicationType as ApplicationType,
    mailAddress: session.mailAddress,
  };
}

/** Ends every session of an application (completion: DECISIONS.md §3 "revoked at completion"). */
export async function revokeSessionsOfApplication(
  db: Db | Kysely<Database> | Transaction<Database>,
  applicationId: string,
  now: number,
): Promise<number> {
  return revokeByApplication(db, applicationId, now);
}

/** Development and end-to-end tests: ends the sessions of an address. */
export const expireSessionsOfMailAddress = (db: Db, mailAddress: string, now: number): Promise<number> =>
  revokeByMailAddress(db, mailAddress, now);
