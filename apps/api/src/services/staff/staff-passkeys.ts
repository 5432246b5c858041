import { randomUUID } from 'node:crypto';
import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { adminMessages } from '@koza/domain/admin/messages';
import type { Db } from '../../db/database.ts';
import {
  deletePasskey,
  findPasskey,
  insertChallenge,
  insertPasskey,
  passkeysOfStaff,
  passkeyUsed,
  takeChallenge,
} from '../../db/repositories/staff-passkeys-repository.ts';
import type { StaffRow } from '../../db/repositories/staff-repository.ts';
import { findStaffById } from '../../db/repositories/staff-repository.ts';
import { Refusal } from '../platform/refusals.ts';
import { toJapanIso } from '../platform/japan-iso-time.ts';

// Passkeys (WebAuthn) as a staff member's preferred second factor (docs/decisions/0220-staff-passkeys.md).
// The relying party is the bank's host the member signs in at (RP ID = its host name, origin = its
// scheme, host and port), so a passkey made at one bank's host is good there only. Each ceremony's
// challenge is stored once in the database (any instance checks it) and used once. Sign-in asks for
// a discoverable credential without naming any (allowCredentials empty): the options are the same
// for every login id, existing or not, and the answer is checked only after the password, inside the
// one sign-in call that answers every refusal alike (staff-auth.ts).

/** Where the browser's ceremony runs: the RP ID and the origins its client data may name. */
export interface RelyingParty {
  rpId: string;
  origins: string[];
}

const rpName = 'Web口座開設 管理画面';
const challengeMs = 5 * 60_000;

/** Sign-in options for whoever asks (no login id): a challenge kept for five minutes. */
export async function signInPasskeyOptions(db: Db, rp: RelyingParty, now: number) {
  const options = await generateAuthenticationOptions({ rpID: rp.rpId, userVerification: 'preferred', timeout: challengeMs });
  const challengeId = randomUUID();
  await insertChallenge(
    db,
    { id: challengeId, purpose: 'sign-in', staffId: null, challenge: options.challenge, rpId: rp.rpId, createdAt: now },
    now - challengeMs,
  );
  return { challengeId, options: { ...options } };
}

/**
 * Whether a sign-in's passkey answer proves the member `row`: the challenge (taken once) was made at
 * this host, the credential is the member's and made for this RP ID, and the signature checks. The
 * authenticator's counter is kept; a counter that goes back is refused by the library.
 */
export async function passkeyProves(
  db: Db,
  row: StaffRow,
  rp: RelyingParty,
  answer: { challengeId: string; response: AuthenticationResponseJSON },
  challenge: { challenge: string; rpId: string } | null,
  now: number,
): Promise<boolean> {
  if (challenge === null || challenge.rpId !== rp.rpId) return false;
  const passkey = await findPasskey(db, answer.response.id);
  if (!passkey || passkey.staffId !== row.id || passkey.rpId !== rp.rpId) return false;
  try {
    const result = await verifyAuthenticationResponse({
      response: answer.response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpId,
      credential: {
        id: passkey.id,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: Number(passkey.signCount),
        transports: transportsOf(passkey.transports),
      },
      requireUserVerification: false,
    });
    if (!result.verified) return false;
    await passkeyUsed(db, passkey.id, result.authenticationInfo.newCounter, now);
    return true;
  } catch {
    // A malformed or forged answer is a wrong second factor, not an error.
    return false;
  }
}

/** The challenge of a sign-in's passkey answer, taken (deleted) whatever the outcome. */
export const takeSignInChallenge = (db: Db, challengeId: string, now: number) =>
  takeChallenge(db, { id: challengeId, purpose: 'sign-in', since: now - challengeMs });

const transportsOf = (text: string | null): string[] | undefined => (text ? (JSON.parse(text) as string[]) : undefined);

/** Registration options for the signed-in member: a resident key, their passkeys at this host excluded. */
export async function registrationOptions(db: Db, staffId: string, rp: RelyingParty, now: number) {
  const row = await findStaffById(db, staffId);
  if (!row) throw new Refusal('unauthenticated');
  const existing = (await passkeysOfStaff(db, staffId)).filter((p) => p.rpId === rp.rpId);
  const options = await generateRegistrationOptions({
    rpName,
    rpID: rp.rpId,
    userName: row.loginId,
    userDisplayName: row.displayName,
    userID: new TextEncoder().encode(row.id),
    attestationType: 'none',
    timeout: challengeMs,
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const challengeId = randomUUID();
  await insertChallenge(db, { id: challengeId, purpose: 'register', staffId, challenge: options.challenge, rpId: rp.rpId, createdAt: now }, now - challengeMs);
  return { challengeId, options: { ...options } };
}

/** Checks the browser's new credential against the member's challenge and keeps it (400 when it does not check). */
export async function registerPasskey(
  db: Db,
  staffId: string,
  rp: RelyingParty,
  answer: { challengeId: string; response: RegistrationResponseJSON },
  now: number,
): Promise<void> {
  const refused = () => new Refusal('invalid', { code: 'PASSKEY_REFUSED', message: adminMessages.passkeyRefused });
  const challenge = await takeChallenge(db, { id: answer.challengeId, purpose: 'register', since: now - challengeMs });
  if (!challenge || challenge.staffId !== staffId || challenge.rpId !== rp.rpId) throw refused();
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: answer.response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpId,
      requireUserVerification: false,
    });
  } catch {
    throw refused();
  }
  if (!verified.verified) throw refused();
  const { credential } = verified.registrationInfo;
  const inserted = await insertPasskey(db, {
    id: credential.id,
    staffId,
    rpId: rp.rpId,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    signCount: credential.counter,
    transports: credential.transports ? JSON.stringify(credential.transports) : null,
    createdAt: now,
    lastUsedAt: null,
  });
  if (!inserted) throw refused();
}

/** The member's passkeys as they see them (at which host, when made and last used). */
export async function listPasskeys(db: Db, staffId: string) {
  return {
    items: (await passkeysOfStaff(db, staffId)).map((p) => ({
      id: p.id,
      host: p.rpId,
      createdAt: toJapanIso(Number(p.createdAt)),
      lastUsedAt: p.lastUsedAt === null ? null : toJapanIso(Number(p.lastUsedAt)),
    })),
  };
}

/** Removes one of the member's own passkeys (404 for any other id). */
export async function removePasskey(db: Db, staffId: string, id: string): Promise<void> {
  if (!(await deletePasskey(db, staffId, id))) throw new Refusal('notFound', { message: adminMessages.passkeyNotFound });
}
