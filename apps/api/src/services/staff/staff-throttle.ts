import { staffThrottle, throttleWaitMs } from '@koza/domain/admin/rules';
import type { ThrottleRule } from '@koza/domain/admin/rules';
import type { Db } from '../../db/database.ts';
import { withKeyLocks } from '../../db/repositories/rate-limits-repository.ts';
import { forgetThrottleEvents, throttleEvents, throttleEventsOfAccount } from '../../db/repositories/staff-throttle-repository.ts';
import { keyedHash } from '../platform/keyed-hash.ts';

// Staff sign-in throttling without lock-out (docs/decisions/0202-staff-sign-in-throttling.md).
// Every attempt is counted in rate_limit_events BEFORE its password is checked, under the keys'
// locks, so parallel guesses cannot slip past a limit together; a successful attempt removes its
// own events again (only failures remain counted). Keys name the typed login id only as a keyed
// hash, so an unknown id (or a password typed into the id field) is never stored, and an unknown id
// is throttled exactly like an existing one. Nothing here locks an account or ends a session.

export interface ThrottleSubject {
  bankCode: string;
  loginId: string;
  ipAddress: string;
  /** The account signed in from this address in the last `knownAddressDays`: the per-account limit does not apply. */
  knownAddress: boolean;
}

export type ThrottleOutcome = { allowed: true; eventIds: number[] } | { allowed: false; retryAfterSeconds: number; rule: ThrottleRuleName };
export type ThrottleRuleName = 'address' | 'accountAddress' | 'account';

/** The keyed hash naming a typed login id of a bank in throttle keys and audit rows of unknown ids. */
export const loginIdHash = (key: Buffer, bankCode: string, loginId: string) => keyedHash(key, 'staff-login-id', `${bankCode}\n${loginId}`).slice(0, 32);

export function throttleKeys(key: Buffer, s: Omit<ThrottleSubject, 'knownAddress'>): Record<ThrottleRuleName, string> {
  const id = loginIdHash(key, s.bankCode, s.loginId);
  return {
    address: `staff-sign-in:ip:${s.ipAddress}`,
    accountAddress: `staff-sign-in:id-ip:${id}:${s.ipAddress}`,
    account: `staff-sign-in:id:${id}`,
  };
}

/** Counts one attempt under every key whose rule lets it through; refuses (counting nothing) otherwise. */
export async function takeSignInAttempt(db: Db, key: Buffer, subject: ThrottleSubject, now: number): Promise<ThrottleOutcome> {
  const keys = throttleKeys(key, subject);
  const applied: [ThrottleRuleName, ThrottleRule][] = [
    ['address', staffThrottle.address],
    ['accountAddress', staffThrottle.accountAddress],
    ...(subject.knownAddress ? [] : ([['account', staffThrottle.account]] as [ThrottleRuleName, ThrottleRule][])),
  ];
  return withKeyLocks(
    db,
    applied.map(([name]) => keys[name]),
    async (trx) => {
      let wait = 0;
      let worst: ThrottleRuleName = 'address';
      for (const [name, rule] of applied) {
        const times = await throttleEvents(trx, keys[name], now - rule.windowMs);
        const ms = throttleWaitMs(rule, times.length, times[0] ?? 0, now);
        if (ms > wait) [wait, worst] = [ms, name];
      }
      if (wait > 0) return { allowed: false as const, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)), rule: worst };
      const eventIds: number[] = [];
      // The account's own count is kept even from a known address, so it is there if the address is not.
      for (const name of ['address', 'accountAddress', 'account'] as const) {
        const row = await trx.insertInto('rateLimitEvents').values({ key: keys[name], at: now }).returning('id').executeTakeFirstOrThrow();
        eventIds.push(Number(row.id));
      }
      return { allowed: true as const, eventIds };
    },
  );
}

/** A successful sign-in: its attempt no longer counts, nor do the account's failures from this address. */
export async function signInSucceeded(db: Db, key: Buffer, subject: Omit<ThrottleSubject, 'knownAddress'>, eventIds: number[]): Promise<void> {
  const keys = throttleKeys(key, subject);
  await forgetThrottleEvents(db, { ids: eventIds, keys: [keys.accountAddress] });
}

/** The operator's `npm run staff -- unlock`: every count of the login id (all addresses) is forgotten. */
export async function forgetAccountThrottle(db: Db, key: Buffer, bankCode: string, loginId: string): Promise<number> {
  const id = loginIdHash(key, bankCode, loginId);
  return forgetThrottleEvents(db, { ids: [], keys: [`staff-sign-in:id:${id}`], keyPrefix: `staff-sign-in:id-ip:${id}:` });
}

/**
 * Until when the throttle holds back a member's sign-in (epoch ms), from the addresses it counted
 * failures from or from any address it never signed in from; null when it does not. The staff list
 * shows it so an ADMIN sees a member under attack (or who mistyped) and can lift it.
 */
export async function accountLimitedUntil(db: Db, key: Buffer, bankCode: string, loginId: string, now: number): Promise<number | null> {
  const id = loginIdHash(key, bankCode, loginId);
  const accountKey = `staff-sign-in:id:${id}`;
  const longest = Math.max(staffThrottle.account.windowMs, staffThrottle.accountAddress.windowMs);
  const events = await throttleEventsOfAccount(db, { key: accountKey, keyPrefix: `staff-sign-in:id-ip:${id}:`, since: now - longest });
  const byKey = new Map<string, { at: number }[]>();
  for (const e of events) byKey.set(e.key, [...(byKey.get(e.key) ?? []), e]);
  let until = 0;
  for (const [name, list] of byKey) {
    const rule = name === accountKey ? staffThrottle.account : staffThrottle.accountAddress;
    const times = list.map((e) => e.at).filter((at) => at > now - rule.windowMs);
    until = Math.max(until, now + throttleWaitMs(rule, times.length, times[0] ?? 0, now));
  }
  return until > now ? until : null;
}
