import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

// Secrets the applicant holds (verification codes, bearer tokens) and the lookup key of a mail
// address are stored only as HMAC-SHA256 under CODE_HASH_KEY (docs/decisions/0020-…). A leaked
// table is useless without the key: a 6-digit code cannot be brute-forced offline from its MAC.

// An HMAC keyed with raw bytes imports the key on every call (17 µs); a KeyObject made once per key
// costs 3 µs a call (issue 13). The key Buffers live as long as the configuration.
const keyObjects = new WeakMap<Buffer, KeyObject>();
const keyObjectOf = (key: Buffer): KeyObject => {
  let object = keyObjects.get(key);
  if (!object) {
    object = createSecretKey(key);
    keyObjects.set(key, object);
  }
  return object;
};

/** HMAC-SHA256 (hex) of the parts, each prefixed by its length so that no two inputs collide. */
export function keyedHash(key: Buffer, purpose: string, ...parts: readonly string[]): string {
  const mac = createHmac('sha256', keyObjectOf(key));
  for (const part of [purpose, ...parts]) {
    const bytes = Buffer.from(part, 'utf8');
    mac.update(`${bytes.length}:`);
    mac.update(bytes);
  }
  return mac.digest('hex');
}

/** Constant-time comparison of two hex MACs. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** The form of an address used for lookups and limits: as validated (half-width, trimmed), lower-cased. */
export const mailKey = (mailAddress: string): string => mailAddress.toLowerCase();

/** The lookup hash of an address: the same person typing Taro@… or taro@… finds the same code and draft. */
export const mailLookupHash = (key: Buffer, mailAddress: string): string => keyedHash(key, 'mail', mailKey(mailAddress));
