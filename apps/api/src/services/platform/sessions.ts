import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { verification } from '@koza/domain/constants';
import type { ApplicationType, BankCode } from '@koza/domain/constants';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { findLiveSession, insertSession, revokeByApplication, revokeByMailAddress, touchSession } from '../../db/repositories/sessions-repository.ts';
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
  return (await readSession(db, tokenHash(key, token), bankCode, now))?.auth ?? null;
}

interface ReadSession {
  auth: AuthContext;
  createdAt: number;
  /** The stored idle-window time after this read (touched or not). */
  lastSeenAt: number;
}

async function readSession(db: Db, hash: string, bankCode: BankCode, now: number): Promise<ReadSession | null> {
  const session = await findLiveSession(db, {
    tokenHash: hash,
    bankCode,
    idleSince: now - idleLimitMs,
    createdSince: now - absoluteLimitMs,
  });
  if (!session || session.applicationId === null) return null;
  let lastSeenAt = session.lastSeenAt;
  if (now - lastSeenAt >= touchIntervalMs) {
    await touchSession(db, session.id, now);
    lastSeenAt = now;
  }
  const auth: AuthContext = {
    sessionId: session.id,
    applicationId: session.applicationId,
    bankCode: session.bankCode as BankCode,
    applicationType: session.applicationType as ApplicationType,
    mailAddress: session.mailAddress,
  };
  return { auth, createdAt: session.createdAt, lastSeenAt };
}

/** How long a session read from the database may be answered from memory at most (decision 0176). */
export const sessionMemoryMs = 1_000;

interface KeptSession extends ReadSession {
  bankCode: BankCode;
  readAt: number;
  /** Until when (exclusive) it may be answered from memory. */
  until: number;
}

/**
 * `authenticate` with the live sessions of the last second kept in memory
 * (docs/decisions/0176-session-cache.md). A kept session is used only while:
 * - nothing may have revoked or deleted a session since it was read (db.sessionChanges: this
 *   process's writes at once; another instance's when PostgreSQL's notification arrives, or at
 *   once on SQLite), and the database can say so (otherwise every call reads it);
 * - it was read less than `sessionMemoryMs` ago (by the clock of the request);
 * - its stored idle time is less than `touchIntervalMs` old (the next call reads and touches it,
 *   as before) and it is within its 3 hours.
 * Only accepted sessions are kept, for the same bank; at most `maxEntries`. They are kept by the
 * token itself (in memory only, at most a second, never logged), so a kept session costs no HMAC.
 */
export interface Authenticator {
  /** The session of a token on this bank, from memory or read; null when it must not be used. */
  (token: string, bankCode: BankCode, now: number): Promise<AuthContext | null>;
  /**
   * The session when it may be answered from memory right now (see above), without waiting for
   * anything; undefined otherwise (then the call above decides). Lets a caller with a kept session
   * go on in the same turn (decision 0187).
   */
  kept(token: string, bankCode: BankCode, now: number): AuthContext | undefined;
}

export function createAuthenticator(db: Db, key: Buffer, options: { maxEntries?: number } = {}): Authenticator {
  const maxEntries = options.maxEntries ?? 10_000;
  const kept = new Map<string, KeptSession>();
  let keptEpoch: number | null = null;

  /** The epoch of the session changes now; what was kept under another epoch is forgotten. */
  const currentEpoch = (): number | null => {
    const epoch = db.sessionChanges.epoch();
    if (epoch !== keptEpoch) {
      kept.clear();
      keptEpoch = epoch;
    }
    return epoch;
  };

  const fromMemory = (token: string, bankCode: BankCode, now: number, epoch: number | null): AuthContext | undefined => {
    if (epoch === null) return undefined;
    const k = kept.get(token);
    if (k === undefined) return undefined;
    if (k.bankCode === bankCode && k.readAt <= now && now < k.until) return k.auth;
    kept.delete(token);
    return undefined;
  };

  const authenticate = async (token: string, bankCode: BankCode, now: number): Promise<AuthContext | null> => {
    if (!tokenPattern.test(token)) return null;
    const epoch = currentEpoch();
    const known = fromMemory(token, bankCode, now, epoch);
    if (known !== undefined) return known;
    const read = await readSession(db, tokenHash(key, token), bankCode, now);
    if (read === null || epoch === null || db.sessionChanges.epoch() !== epoch) return read?.auth ?? null;
    const until = Math.min(now + sessionMemoryMs, read.lastSeenAt + touchIntervalMs, read.createdAt + absoluteLimitMs);
    kept.set(token, { ...read, bankCode, readAt: now, until });
    if (kept.size > maxEntries) kept.delete(kept.keys().next().value!);
    return read.auth;
  };

  return Object.assign(authenticate, {
    kept: (token: string, bankCode: BankCode, now: number): AuthContext | undefined =>
      tokenPattern.test(token) ? fromMemory(token, bankCode, now, currentEpoch()) : undefined,
  });
}

/** Ends every session of an application (completion: DECISIONS.md §3 "revoked at completion"). */
export async function revokeSessionsOfApplication(db: Db | Kysely<Database> | Transaction<Database>, applicationId: string, now: number): Promise<number> {
  return revokeByApplication(db, applicationId, now);
}

/** Development and end-to-end tests: ends the sessions of an address. */
export const expireSessionsOfMailAddress = (db: Db, mailAddress: string, now: number): Promise<number> => revokeByMailAddress(db, mailAddress, now);
