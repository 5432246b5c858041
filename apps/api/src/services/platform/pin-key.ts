import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { insertSecretOnce, readSecret } from '../../db/repositories/app-secrets-repository.ts';

// The RSA-OAEP key the browser encrypts the PIN with (DECISIONS.md §5). Production configures it
// (PIN_PRIVATE_KEY); elsewhere it is generated ONCE and kept in app_secrets, so every instance on
// the same database decrypts what any instance's public key encrypted.

export interface PinKeyPair {
  privateKey: KeyObject;
  /** base64 DER SubjectPublicKeyInfo: the `keyCode` of GET /api/public-key. */
  publicKeySpkiBase64: string;
}

const secretName = 'pin_private_key_pem';
const cache = new WeakMap<Db, Promise<PinKeyPair>>();

export function pinKeyPair(db: Db, config: Pick<Config, 'pinPrivateKeyPem' | 'isProduction'>, now: () => number = Date.now): Promise<PinKeyPair> {
  let pair = cache.get(db);
  if (!pair) {
    pair = resolvePem(db, config, now).then(toPair);
    pair.catch(() => cache.delete(db));
    cache.set(db, pair);
  }
  return pair;
}

async function resolvePem(db: Db, config: Pick<Config, 'pinPrivateKeyPem' | 'isProduction'>, now: () => number): Promise<string> {
  if (config.pinPrivateKeyPem) return config.pinPrivateKeyPem;
  if (config.isProduction) throw new Error('PIN_PRIVATE_KEY is required in production');
  const stored = await readSecret(db, secretName);
  if (stored) return stored;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 3072 });
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  return insertSecretOnce(db, secretName, pem, now());
}

function toPair(pem: string): PinKeyPair {
  const privateKey = createPrivateKey(pem);
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return { privateKey, publicKeySpkiBase64: spki.toString('base64') };
}
