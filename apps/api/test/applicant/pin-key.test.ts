import { constants, createPublicKey, generateKeyPairSync, privateDecrypt, publicEncrypt } from 'node:crypto';
import { expect, it } from 'vitest';
import { openDatabase, parseDatabaseUrl } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { pinKeyPair } from '../../src/services/platform/pin-key.ts';
import { forEachDialect } from '../helpers/databases.ts';

const dev = { pinPrivateKeyPem: null, isProduction: false };

forEachDialect((dialect) => {
  it('generates the PIN key pair once and shares it with every instance on the database', async () => {
    const url = await dialect.createEmptyDatabaseUrl();
    const first = await openDatabase(parseDatabaseUrl(url));
    await migrateToLatest(first);
    const second = await openDatabase(parseDatabaseUrl(url));
    try {
      const a = await pinKeyPair(first, dev);
      const b = await pinKeyPair(second, dev);
      expect(b.publicKeySpkiBase64).toBe(a.publicKeySpkiBase64);
      expect(a.privateKey.asymmetricKeyDetails?.modulusLength).toBe(3072);

      // What the browser does (RSA-OAEP, SHA-256) with one instance's keyCode, the other decrypts.
      const encrypted = publicEncrypt(
        {
          key: createPublicKey({ key: Buffer.from(a.publicKeySpkiBase64, 'base64'), format: 'der', type: 'spki' }),
          padding: constants.RSA_PKCS1_OAEP_PADDING,
          oaepHash: 'sha256',
        },
        Buffer.from('1357'),
      );
      const decrypted = privateDecrypt({ key: b.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, encrypted);
      expect(decrypted.toString()).toBe('1357');
    } finally {
      await second.close();
      await first.close();
    }
  });

  it('uses the configured key and stores nothing', async () => {
    const db = await dialect.createDb();
    const pem = generateKeyPairSync('rsa', { modulusLength: 3072 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const pair = await pinKeyPair(db, { pinPrivateKeyPem: pem, isProduction: true });
    expect(pair.privateKey.export({ format: 'pem', type: 'pkcs8' })).toBe(pem);
    expect(await db.kysely.selectFrom('appSecrets').selectAll().execute()).toEqual([]);
  });

  it('never generates a key in production', async () => {
    const db = await dialect.createDb();
    await expect(pinKeyPair(db, { pinPrivateKeyPem: null, isProduction: true })).rejects.toThrow('PIN_PRIVATE_KEY is required in production');
  });
});
