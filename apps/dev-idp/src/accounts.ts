import { createHash } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { allBanks } from '@koza/domain/banks/banks';
import type { BankCode } from '@koza/domain/constants';

// The development provider's directory: a few staff per bank, each with a password and an
// authenticator (TOTP) secret, a stable opaque subject, and, for one of them, a group claim naming a
// role (which the service ignores: decision 0253). Public on purpose: this provider is a development
// and test tool and refuses to start in production.

export interface DevAccount {
  bankCode: BankCode;
  login: string;
  /** Shown in the directory page only: the ID token carries no name (the service reads only `sub`). */
  name: string;
  password: string;
  /** Base32, the same at every start (an authenticator app registered once keeps working). */
  totpSecret: string;
  /** The provider's subject: opaque and stable, as a real directory's object id. */
  sub: string;
  /** A group claim as a directory administrator might set one (grants nothing in the service). */
  groups?: string[];
  disabled: boolean;
}

const seeded = (text: string) => createHash('sha256').update(`koza dev-idp: ${text}`).digest();

function account(bankCode: BankCode, login: string, name: string, groups?: string[]): DevAccount {
  return {
    bankCode,
    login,
    name,
    password: `${login}-pass-${bankCode}`,
    totpSecret: new Secret({ buffer: seeded(`totp ${bankCode} ${login}`).subarray(0, 20).buffer as ArrayBuffer }).base32,
    sub: seeded(`sub ${bankCode} ${login}`).toString('hex').slice(0, 32),
    ...(groups ? { groups } : {}),
    disabled: false,
  };
}

/** A fresh directory (each provider process has its own; disabling is in memory). */
export function devAccounts(): DevAccount[] {
  return allBanks.flatMap((bank) => [
    account(bank.code, 'reviewer1', '審査 一郎'),
    account(bank.code, 'reviewer2', '審査 二郎'),
    account(bank.code, 'admin1', '管理 花子'),
    account(bank.code, 'viewer1', '閲覧 三郎', ['koza-ADMIN']),
  ]);
}

export const totpOf = (a: DevAccount) => new TOTP({ secret: Secret.fromBase32(a.totpSecret), algorithm: 'SHA1', digits: 6, period: 30 });

/** Whether `code` is the account's current code (±1 step). */
export const totpRight = (a: DevAccount, code: string) => /^\d{6}$/.test(code) && totpOf(a).validate({ token: code, window: 1 }) !== null;
