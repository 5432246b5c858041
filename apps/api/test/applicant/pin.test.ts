import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@koza/domain/messages';
import type { App } from '../../src/app.ts';
import { decryptStoredPin } from '../../src/services/applicant/pin.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { applicant, createStepsApp, personalPayload, saveBefore, savePagesBefore, stepPaths, workplacePayload } from '../helpers/application-steps.ts';
import type { Applicant } from '../helpers/application-steps.ts';

// The applicant of these tests: born 1990-04-01 (平成2年), mobile 090-1234-5678, home 092-555-0123,
// workplace 092-111-2222, address 1-2-3 / 天神ハイツ1203.

const personal = {
  ...personalPayload,
  phoneNumber: '092-555-0123',
  subAddress: '天神ハイツ1203',
  kanaSubAddress: 'ﾃﾝｼﾞﾝﾊｲﾂ1203',
};

forEachDialect((dialect) => {
  let app: App;
  let a: Applicant;
  let keyCode: string;

  beforeAll(async () => {
    app = await createStepsApp(await dialect.createDb());
    a = await applicant(app);
    const response = await a.get('/api/public-key');
    expect(response.statusCode).toBe(200);
    keyCode = response.json().keyCode;
  });
  afterAll(() => app.close());

  /** What the browser does: RSA-OAEP with SHA-256 under keyCode, base64. */
  const encrypt = (pin: string, key = keyCode): string =>
    publicEncrypt(
      { key: createPublicKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'spki' }), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(pin, 'utf8'),
    ).toString('base64');

  const refused = (message: string) => ({ errors: [{ field: 'code', message }] });

  it('gives the public key as base64 DER SPKI of a 3072-bit RSA key, the same every time', async () => {
    const key = createPublicKey({ key: Buffer.from(keyCode, 'base64'), format: 'der', type: 'spki' });
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(3072);
    expect((await a.get('/api/public-key')).json()).toEqual({ keyCode });
    expect((await app.inject({ method: 'GET', url: '/api/public-key', headers: { host: a.host } })).statusCode).toBe(401);
  });

  it('needs seal-less saved first (409)', async () => {
    await savePagesBefore(a, 'seal-less', { personal, workplace: workplacePayload });
    const response = await a.post('/api/pin', { code: encrypt('2580') });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'CONFLICT', message: expect.any(String) });
    expect((await a.post(stepPaths.sealLess, { sealLess: true })).statusCode).toBe(204);
  });

  it.each([
    ['0000', messages.pinSameDigits],
    ['1111', messages.pinSameDigits],
    ['1990', messages.pinBirthday], // year of birth
    ['0401', messages.pinBirthday], // month and day
    ['0204', messages.pinBirthday], // 平成2年 4月
    ['5678', messages.pinPhone], // mobile's last 4
    ['0123', messages.pinPhone], // home phone's last 4
    ['2222', messages.pinSameDigits], // workplace phone's last 4, but four identical digits come first
    ['1203', messages.pinAddress], // from 天神ハイツ1203
    ['12a4', messages.pinFormat],
    ['123', messages.pinFormat],
    ['12345', messages.pinFormat],
    ['１２３４', messages.pinFormat],
  ])('refuses %s with its rule’s message', async (pin, message) => {
    const response = await a.post('/api/pin', { code: encrypt(pin) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused(message));
  });

  it('checks the workplace phone of the saved application', async () => {
    expect((await a.post(stepPaths.workplace, { ...workplacePayload, workplacePhoneNumber: '092-111-4826' })).statusCode).toBe(204);
    expect((await a.post('/api/pin', { code: encrypt('4826') })).json()).toEqual(refused(messages.pinPhone));
  });

  it.each([
    ['garbage base64', () => ({ code: Buffer.from('not an RSA ciphertext').toString('base64') })],
    ['not base64', () => ({ code: '%%%%' })],
    ['the PIN in clear', () => ({ code: '2580' })],
    ['an empty code', () => ({ code: '' })],
    ['a number', () => ({ code: 2580 })],
    ['an array', () => ({ code: [encrypt('2580')] })],
    ['null', () => ({ code: null })],
    ['no code', () => ({})],
    ['a huge code', () => ({ code: 'A'.repeat(60_000) })],
    ['an array body', () => [{ code: 'x' }]],
  ])('refuses %s with the PIN format message', async (_name, body) => {
    const response = await a.post('/api/pin', body());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused(messages.pinFormat));
  });

  it('refuses a PIN encrypted under another key', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const other = generateKeyPairSync('rsa', { modulusLength: 3072 }).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    expect((await a.post('/api/pin', { code: encrypt('2580', other) })).json()).toEqual(refused(messages.pinFormat));
  });

  it('sets a valid PIN (204), keeps it only encrypted, then refuses a second PIN and any step save (409)', async () => {
    const response = await a.post('/api/pin', { code: encrypt('2580') });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    const row = await a.row();
    expect(row.status).toBe('PIN_SET');
    expect(row.pinSetAt).not.toBeNull();
    expect(row.pinCiphertext).toMatch(/^v1:[0-9a-f]{8}:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(row.pinCiphertext).not.toContain('2580');
    expect(Buffer.from(row.pinCiphertext!.split(':').slice(2).join(''), 'base64').toString('latin1')).not.toContain('2580');
    // Decrypts with the data key, for this application only.
    expect(decryptStoredPin(row.pinCiphertext!, a.applicationId, app.deps.config.pinDataKey)).toBe('2580');
    expect(() => decryptStoredPin(row.pinCiphertext!, 'another-application', app.deps.config.pinDataKey)).toThrow('authentication failed');
    expect(() => decryptStoredPin(row.pinCiphertext!, a.applicationId, Buffer.alloc(32, 7))).toThrow('not the configured one');
    // Nothing about the PIN in the answer to GET /api/applications.
    expect((await a.get('/api/applications')).body).not.toContain(row.pinCiphertext!.split(':')[4]!);

    const second = await a.post('/api/pin', { code: encrypt('3691') });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ code: 'CONFLICT', message: expect.any(String) });
    expect(decryptStoredPin((await a.row()).pinCiphertext!, a.applicationId, app.deps.config.pinDataKey)).toBe('2580');

    const personalAgain = await a.post(stepPaths.personal, personal);
    expect(personalAgain.statusCode).toBe(409);
    expect(personalAgain.json()).toEqual({ code: 'CONFLICT', message: expect.any(String) });
    expect((await a.post(stepPaths.sealLess, { sealLess: false })).statusCode).toBe(409);
    expect((await a.row()).sealLess).toBe(1);
  });

  it('lets only one of two simultaneous PINs through', async () => {
    const b = await applicant(app);
    await saveBefore(b, 'pin', { personal, workplace: workplacePayload });
    const answers = await Promise.all([b.post('/api/pin', { code: encrypt('2580') }), b.post('/api/pin', { code: encrypt('3691') })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 409]);
  });
});
