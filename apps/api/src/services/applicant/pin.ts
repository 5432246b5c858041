import { constants, createCipheriv, createDecipheriv, createHash, privateDecrypt, randomBytes } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

// The cash-card PIN on the server (DECISIONS.md §5, docs/decisions/0042-pin-storage.md).
//
// In: the browser encrypts the 4 digits with RSA-OAEP (SHA-256, 3072-bit key of pin-key.ts) and
// sends base64. Kept: AES-256-GCM under PIN_DATA_KEY (configuration, never stored with the database),
// with a fresh 12-byte IV, the 16-byte tag, and the application id as additional authenticated data
// (a ciphertext copied onto another application does not decrypt). Stored text:
//
//   v1:<key id>:<iv base64>:<tag base64>:<ciphertext base64>
//
// key id = first 8 hex digits of SHA-256 of the data key: after a key rotation, old ciphertexts name
// the key they need instead of failing obscurely. The PIN is kept only until the application is
// handed over to the bank's account system; the hand-over reads it with decryptStoredPin and then
// erases it (applications.pin_ciphertext = null, pin_erased_at set; PCI DSS keeps no PIN after use).
// A PIN never appears in a log, an error or a response: nothing here logs, and errors carry no value.

const formatVersion = 'v1';
const ivBytes = 12;
const tagBytes = 16;

/** 3072-bit RSA gives 384-byte ciphertexts (512 base64 characters); anything far longer is not one. */
const maxEncryptedBase64Length = 1024;

export const pinDataKeyId = (dataKey: Buffer): string => createHash('sha256').update(dataKey).digest('hex').slice(0, 8);

/**
 * The PIN text the browser encrypted, or null when `code` is not base64 of an RSA-OAEP (SHA-256)
 * ciphertext under our key. The caller checks the PIN rules on the text.
 */
export function decryptSubmittedPin(code: unknown, privateKey: KeyObject): string | null {
  if (typeof code !== 'string' || code.length === 0 || code.length > maxEncryptedBase64Length) return null;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(code) || code.length % 4 !== 0) return null;
  try {
    const plain = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(code, 'base64'));
    return plain.toString('utf8');
  } catch {
    return null;
  }
}

/** Encrypts a PIN for storage with the application id bound in. */
export function encryptPinForStorage(pin: string, applicationId: string, dataKey: Buffer): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', dataKey, iv, { authTagLength: tagBytes });
  cipher.setAAD(Buffer.from(applicationId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(pin, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [formatVersion, pinDataKeyId(dataKey), iv.toString('base64'), tag.toString('base64'), ciphertext.toString('base64')].join(':');
}

/**
 * The stored PIN of an application, for the hand-over to the bank's account system (which erases
 * the ciphertext right after). Throws, without any PIN material in the message, when the text was
 * not made by encryptPinForStorage with this key for this application.
 */
export function decryptStoredPin(stored: string, applicationId: string, dataKey: Buffer): string {
  const parts = stored.split(':');
  if (parts.length !== 5 || parts[0] !== formatVersion) throw new Error('stored PIN: unknown format');
  const [, keyId, iv, tag, ciphertext] = parts as [string, string, string, string, string];
  if (keyId !== pinDataKeyId(dataKey)) throw new Error(`stored PIN: encrypted under data key ${keyId}, not the configured one`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', dataKey, Buffer.from(iv, 'base64'), { authTagLength: tagBytes });
    decipher.setAAD(Buffer.from(applicationId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('stored PIN: authentication failed');
  }
}
