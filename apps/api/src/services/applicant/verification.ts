import { randomInt } from 'node:crypto';
import { verification } from '@koza/domain/constants';
import type { ApplicationType } from '@koza/domain/constants';
import type { Bank } from '@koza/domain/banks/banks';
import { messages } from '@koza/domain/messages';
import type { Db } from '../../db/database.ts';
import { durableTransaction } from '../../db/durable-transaction.ts';
import type { MailSender } from '../../adapters/mail.ts';
import { createDraft, findResumableDraft, updateEntryInputs } from '../../db/repositories/applications-repository.ts';
import { deleteCode, deleteExpiredCodes, findLiveCode, replaceCode, takeTry } from '../../db/repositories/verification-repository.ts';
import { pruneAll } from '../../db/repositories/rate-limits-repository.ts';
import { deleteSessionsCreatedBefore } from '../../db/repositories/sessions-repository.ts';
import { keyedHash, mailKey, mailLookupHash, sameHash } from '../platform/keyed-hash.ts';
import { verificationCodeMail } from '../platform/mail-content.ts';
import { enforceLimits, hours, minutes, seconds } from '../platform/rate-limits.ts';
import type { LimitedKey } from '../platform/rate-limits.ts';
import { absoluteLimitMs, openSession } from '../platform/sessions.ts';
import { Refusal } from '../platform/refusals.ts';

// Mail verification (DECISIONS.md §3): a 6-digit code from the CSPRNG, stored as a keyed hash
// bound to bank, application type and address, valid 10 minutes, dead after 5 wrong tries,
// replaced by a newer one. Sending is limited per address and per client IP, in the database.

export interface VerificationDeps {
  db: Db;
  mail: MailSender;
  codeHashKey: Buffer;
  now: () => number;
}

const codeValidityMs = minutes(verification.codeValidityMinutes);

const codeHash = (key: Buffer, c: { bankCode: string; applicationType: string; mailAddress: string; code: string }) =>
  keyedHash(key, 'verification-code', c.bankCode, c.applicationType, mailKey(c.mailAddress), c.code);

/** The sending limits of one register call: per address (1 per 30 s, 5 per hour), per client IP (30 per hour). */
export function sendingLimits(key: Buffer, mailAddress: string, ip: string): LimitedKey[] {
  return [
    {
      key: `register:mail:${mailLookupHash(key, mailAddress)}`,
      limits: [
        { max: 1, windowMs: seconds(verification.perAddressMinIntervalSeconds) },
        { max: verification.perAddressPerHour, windowMs: hours(1) },
      ],
    },
    { key: `register:ip:${ip}`, limits: [{ max: verification.perIpPerHour, windowMs: hours(1) }] },
  ];
}

/**
 * Sends a new code to the address. The answer is the same whether the address is known or not
 * (the caller answers 204); over a limit it throws 429 with Retry-After.
 */
export async function registerAddress(
  deps: VerificationDeps,
  input: { bank: Bank; mailAddress: string; applicationType: ApplicationType; ip: string },
): Promise<void> {
  const now = deps.now();
  await housekeeping(deps.db, now);
  await enforceLimits(deps.db, sendingLimits(deps.codeHashKey, input.mailAddress, input.ip), now);

  const code = String(randomInt(0, 10 ** verification.codeDigits)).padStart(verification.codeDigits, '0');
  const key = { bankCode: input.bank.code, applicationType: input.applicationType, mailHash: mailLookupHash(deps.codeHashKey, input.mailAddress) };
  await replaceCode(deps.db, key, {
    mailAddress: input.mailAddress,
    codeHash: codeHash(deps.codeHashKey, { ...key, mailAddress: input.mailAddress, code }),
    expiresAt: now + codeValidityMs,
    now,
  });
  const content = verificationCodeMail(input.bank, code);
  try {
    await deps.mail.send({ bankCode: input.bank.code, to: input.mailAddress, subject: content.subject, text: content.text });
  } catch (cause) {
    // The mail server is down or refused: nothing the applicant did. 503 with Retry-After; the
    // sending limits still count this try, and the unsent code simply expires.
    throw new Refusal('unavailable', { code: 'MAIL_UNAVAILABLE', retryAfter: mailRetryAfterSeconds, cause });
  }
}

const mailRetryAfterSeconds = 60;

/** The 401 body of a wrong, expired, used-up or unknown code: one message for all (SPEC.md §8). */
export const verificationFailedErrors = [{ field: 'verificationCode', message: messages.verificationFailed }] as const;

export type VerifyResult = { ok: true; authenticationToken: string; applicationId: string } | { ok: false };

/**
 * Checks the code. Success consumes it, resumes the open application of (bank, type, address) or
 * creates a DRAFT, and opens a session whose token is returned. Any failure is `{ ok: false }`
 * (the caller answers 401) and tells nothing about why.
 */
export async function verifyCode(
  deps: VerificationDeps,
  input: {
    bank: Bank;
    mailAddress: string;
    verificationCode: string;
    applicationType: ApplicationType;
    channel: string | null;
    deviceId: string | null;
  },
): Promise<VerifyResult> {
  const now = deps.now();
  const mailHash = mailLookupHash(deps.codeHashKey, input.mailAddress);
  const key = { bankCode: input.bank.code, applicationType: input.applicationType, mailHash };
  const failed = { ok: false } as const;

  const row = await findLiveCode(deps.db, key, now);
  if (!row) return failed;
  // The try is taken before comparing: at most maxWrongTries comparisons per code, even in parallel.
  if (!(await takeTry(deps.db, row.id, verification.maxWrongTries))) return failed;
  const expected = codeHash(deps.codeHashKey, { ...key, mailAddress: input.mailAddress, code: input.verificationCode });
  if (!sameHash(expected, row.codeHash)) return failed;

  // The code is consumed in the transaction that opens the session: when that fails (the database
  // went away, the instance was killed), the code stays good for the applicant's next try
  // (docs/decisions/0215-whole-journeys-under-faults.md).
  return durableTransaction(deps.db, async (trx) => {
    if (!(await deleteCode(trx, row.id))) return failed; // consumed by a parallel verify
    const existing = await findResumableDraft(trx, key);
    let applicationId: string;
    if (existing) {
      applicationId = existing.id;
      await updateEntryInputs(trx, applicationId, { deviceId: input.deviceId, channel: input.channel, now });
    } else {
      const draft = await createDraft(trx, {
        bankCode: input.bank.code,
        applicationType: input.applicationType,
        mailAddress: input.mailAddress,
        mailHash,
        deviceId: input.deviceId,
        channel: input.channel,
        now,
      });
      applicationId = draft.id;
    }
    const authenticationToken = await openSession(trx, deps.codeHashKey, {
      bankCode: input.bank.code,
      applicationType: input.applicationType,
      deviceId: input.deviceId,
      mailAddress: input.mailAddress,
      applicationId,
      now,
    });
    return { ok: true as const, authenticationToken, applicationId };
  });
}

// Expired codes, old limit events and dead sessions are removed now and then (at most every
// 10 minutes per process; any instance doing it is enough).
let lastHousekeeping = 0;
const housekeepingEveryMs = minutes(10);

async function housekeeping(db: Db, now: number): Promise<void> {
  if (Math.abs(now - lastHousekeeping) < housekeepingEveryMs) return;
  lastHousekeeping = now;
  await deleteExpiredCodes(db, now);
  await pruneAll(db, now - hours(24));
  await deleteSessionsCreatedBefore(db, now - absoluteLimitMs - hours(24));
}
