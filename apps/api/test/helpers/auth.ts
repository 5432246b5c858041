import { expect } from 'vitest';
import type { ApplicationType, BankCode } from '@koza/domain/constants';
import { allBanks, bankCodeForHost, devHostMap } from '@koza/domain/banks/banks';
import type { App } from '../../src/app.ts';
import { tokenHash } from '../../src/services/platform/sessions.ts';

// Signing in the way the web does it: register the address, read the code from the development
// mailbox (GET /__dev/mails), verify. Every request goes through HTTP with the bank's Host.

/** Each bank's development host (fukuoka.localhost for 0177 …), from the bank rows. */
export const hosts: Readonly<Record<BankCode, string>> = Object.fromEntries(allBanks.map((b) => [b.code, b.devHost])) as Record<BankCode, string>;

export interface SignInOptions {
  /** Default fukuoka.localhost (0177). */
  host?: string;
  /** Default a fresh address per call. */
  mailAddress?: string;
  /** Default GENERAL. */
  applicationType?: ApplicationType;
  /** The client IP the requests come from (sending limits are per IP). Default a fresh one per call. */
  remoteAddress?: string;
  channel?: string | null;
  deviceId?: string | null;
}

export interface SignedIn {
  token: string;
  applicationId: string;
  mailAddress: string;
  bankCode: BankCode;
  /** Headers for authenticated calls: Host and Authorization. */
  headers: { host: string; authorization: string };
}

let counter = 0;
export const uniqueMailAddress = (label = 'applicant'): string => `${label}.${process.pid}.${Date.now().toString(36)}.${++counter}@example.jp`;
export const uniqueIp = (): string => `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${++counter & 255}`;

/** The bank a development host serves (localhost and unknown hosts: 0177, the default bank). */
export const bankOfHost = (host: string): BankCode => bankCodeForHost(host, devHostMap, '0177');

/** The newest code mailed to an address, read from GET /__dev/mails. */
export async function latestCode(app: App, mailAddress: string, host: string = hosts['0177']): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/__dev/mails?to=${encodeURIComponent(mailAddress)}`, headers: { host } });
  expect(response.statusCode).toBe(200);
  const mails = response.json() as { text: string }[];
  const code = /認証コード：(\d{6})/.exec(mails[0]?.text ?? '')?.[1];
  if (!code) throw new Error('no verification mail found');
  return code;
}

/** register → /__dev/mails → verify; returns the token and the application it opened (or resumed). */
export async function signIn(app: App, options: SignInOptions = {}): Promise<SignedIn> {
  const host: string = options.host ?? hosts['0177'];
  const bankCode = bankOfHost(host);
  const mailAddress = options.mailAddress ?? uniqueMailAddress();
  const applicationType = options.applicationType ?? 'GENERAL';
  const remoteAddress = options.remoteAddress ?? uniqueIp();

  const register = await app.inject({
    method: 'POST',
    url: '/api/verification-codes/register',
    headers: { host },
    remoteAddress,
    payload: { bankCode, mailAddress, applicationType },
  });
  if (register.statusCode !== 204) throw new Error(`register answered ${register.statusCode}: ${register.body}`);
  const verificationCode = await latestCode(app, mailAddress, host);

  const verify = await app.inject({
    method: 'POST',
    url: '/api/verification-codes/verify',
    headers: { host },
    remoteAddress,
    payload: {
      bankCode,
      mailAddress,
      verificationCode,
      channel: options.channel ?? null,
      deviceId: options.deviceId ?? null,
      applicationType,
    },
  });
  if (verify.statusCode !== 200) throw new Error(`verify answered ${verify.statusCode}: ${verify.body}`);
  const token = (verify.json() as { authenticationToken: string }).authenticationToken;

  const session = await app.deps.db.kysely
    .selectFrom('authSessions')
    .select('applicationId')
    .where('tokenHash', '=', tokenHash(app.deps.config.codeHashKey, token))
    .executeTakeFirstOrThrow();
  return { token, applicationId: session.applicationId!, mailAddress, bankCode, headers: { host, authorization: `Bearer ${token}` } };
}
