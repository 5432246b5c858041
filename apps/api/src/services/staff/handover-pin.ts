import { publicEncrypt, constants } from 'node:crypto';

// The PIN leaves the service encrypted for the account system (docs/decisions/0203-handover-pin-encryption.md):
// RSA-OAEP with SHA-256 (and MGF1-SHA-256) to the account system's public key from configuration,
// the application number as the OAEP label, so a ciphertext moved to another record does not
// decrypt. The PIN is in clear only in memory, between the decryption of its stored form and this.

export function encryptPinForAccountSystem(pin: string, applicationNumber: string, publicKeyPem: string): string {
  return publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256', oaepLabel: Buffer.from(applicationNumber, 'utf8') },
    Buffer.from(pin, 'utf8'),
  ).toString('base64');
}
