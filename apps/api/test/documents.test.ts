import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@koza/domain/messages';
import { listDocuments, readDocumentBytes } from '../src/db/repositories/documents-repository.ts';
import { detectImageType } from '../src/services/documents.ts';
import { forEachDialect } from './helpers/databases.ts';
import { startFakeProvider } from './helpers/fake-provider.ts';
import type { FakeProvider } from './helpers/fake-provider.ts';
import {
  createEkycApp,
  finishEkycWithWebhook,
  heicBytes,
  imagePart,
  jpegBytes,
  pngBytes,
  readyApplicant,
  uploadDocument,
} from './helpers/ready-application.ts';

// POST /api/documents: multipart `image` + `type`; JPEG, PNG or HEIC by content AND as declared,
// at most 10 MiB, kept in the database; the general flow takes the current-address document only
// while the supplement is required, and is READY afterwards.

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake?.close());

const addressType = { name: 'type', value: 'CURRENT_ADDRESS_DOCUMENT' };

it('recognises the three image types by their first bytes only', () => {
  expect(detectImageType(jpegBytes(10))).toBe('image/jpeg');
  expect(detectImageType(pngBytes(10))).toBe('image/png');
  expect(detectImageType(heicBytes(40))).toBe('image/heic');
  expect(detectImageType(Buffer.from('GIF89a......'))).toBeNull();
  expect(detectImageType(Buffer.from('%PDF-1.7\n'))).toBeNull();
  // An MP4 is ISO BMFF too, but not with a HEIF brand.
  expect(detectImageType(Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from('ftypisom'), Buffer.alloc(4), Buffer.from('mp41')]))).toBeNull();
});

forEachDialect((dialect) => {
  /** An applicant whose eKYC ended with ADDRESS_MISMATCH (supplement required). */
  async function supplementRequired() {
    const db = await dialect.createDb();
    const app = await createEkycApp(db, { providerUrl: fake.url });
    const a = await readyApplicant(app);
    await finishEkycWithWebhook(a, fake, 'ADDRESS_MISMATCH');
    expect((await a.row()).status).toBe('SUPPLEMENT_REQUIRED');
    return { db, app, a };
  }

  it('stores a JPEG of the current address in the database and makes the application READY', async () => {
    const { db, app, a } = await supplementRequired();
    try {
      const bytes = jpegBytes(1024 * 1024);
      const response = await uploadDocument(a, [addressType, imagePart(bytes)]);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      const [doc] = await listDocuments(db, a.applicationId);
      expect(doc).toMatchObject({ type: 'CURRENT_ADDRESS_DOCUMENT', contentType: 'image/jpeg', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
      expect((await readDocumentBytes(db, doc!.id))!.equals(bytes)).toBe(true);
      expect((await a.row()).status).toBe('READY');
      // Done: a second one is not expected any more.
      expect((await uploadDocument(a, [addressType, imagePart(jpegBytes())])).statusCode).toBe(409);
    } finally {
      await app.close();
    }
  });

  it('accepts PNG and HEIC as what they are, with the file before or after the type field', async () => {
    const png = await supplementRequired();
    try {
      expect((await uploadDocument(png.a, [imagePart(pngBytes(), 'image/png', 'a.png'), addressType])).statusCode).toBe(204);
    } finally {
      await png.app.close();
    }
    const heic = await supplementRequired();
    try {
      expect((await uploadDocument(heic.a, [addressType, imagePart(heicBytes(), 'image/heic', 'IMG_0001.HEIC')])).statusCode).toBe(204);
      expect((await listDocuments(heic.db, heic.a.applicationId))[0]?.contentType).toBe('image/heic');
    } finally {
      await heic.app.close();
    }
  });

  it('answers 415 for a PNG declared as image/jpeg, for a text file, and for a body that is not multipart', async () => {
    const { db, app, a } = await supplementRequired();
    try {
      const mislabelled = await uploadDocument(a, [addressType, imagePart(pngBytes(), 'image/jpeg')]);
      expect(mislabelled.statusCode).toBe(415);
      expect(mislabelled.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect((await uploadDocument(a, [addressType, imagePart(Buffer.from('住所：福岡県…\n'), 'text/plain', 'a.txt')])).statusCode).toBe(415);
      expect((await uploadDocument(a, [addressType, imagePart(Buffer.from('hello'), 'image/jpeg')])).statusCode).toBe(415);
      const json = await a.post('/api/documents', { type: 'CURRENT_ADDRESS_DOCUMENT', image: jpegBytes(10).toString('base64') });
      expect(json.statusCode).toBe(415);
      const raw = await app.inject({
        method: 'POST',
        url: '/api/documents',
        headers: { host: a.host, authorization: `Bearer ${a.token}`, 'content-type': 'image/jpeg' },
        payload: jpegBytes(),
      });
      expect(raw.statusCode).toBe(415);
      expect(await listDocuments(db, a.applicationId)).toEqual([]);
      expect((await a.row()).status).toBe('SUPPLEMENT_REQUIRED');
    } finally {
      await app.close();
    }
  });

  it('answers 413 for a 12 MiB image and for two files, and keeps nothing', async () => {
    const { db, app, a } = await supplementRequired();
    try {
      const big = await uploadDocument(a, [addressType, imagePart(jpegBytes(12 * 1024 * 1024))]);
      expect(big.statusCode).toBe(413);
      expect(big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      const two = await uploadDocument(a, [addressType, imagePart(jpegBytes()), imagePart(jpegBytes())]);
      expect(two.statusCode).toBe(413);
      expect(await listDocuments(db, a.applicationId)).toEqual([]);
      // Exactly the limit is fine.
      expect((await uploadDocument(a, [addressType, imagePart(jpegBytes(10 * 1024 * 1024))])).statusCode).toBe(204);
    } finally {
      await app.close();
    }
  });

  it('answers 400 with the errors shape for a missing file, a missing type and an unknown type', async () => {
    const { app, a } = await supplementRequired();
    try {
      const noFile = await uploadDocument(a, [addressType]);
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json()).toEqual({ errors: [{ field: 'image', message: messages.required }] });
      const noType = await uploadDocument(a, [imagePart(jpegBytes())]);
      expect(noType.json()).toEqual({ errors: [{ field: 'type', message: messages.required }] });
      const unknown = await uploadDocument(a, [{ name: 'type', value: 'PASSPORT' }, imagePart(jpegBytes())]);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ errors: [{ field: 'type', message: messages.selectRequired }] });
      const empty = await uploadDocument(a, []);
      expect(empty.json()).toEqual({
        errors: [
          { field: 'image', message: messages.required },
          { field: 'type', message: messages.required },
        ],
      });
    } finally {
      await app.close();
    }
  });

  it('answers 409 for the current-address document when no supplement is required, and for child documents in the general flow', async () => {
    const db = await dialect.createDb();
    const app = await createEkycApp(db, { providerUrl: fake.url });
    try {
      const a = await readyApplicant(app);
      expect((await uploadDocument(a, [addressType, imagePart(jpegBytes())])).statusCode).toBe(409);
      await finishEkycWithWebhook(a, fake, 'PASSED');
      expect((await uploadDocument(a, [addressType, imagePart(jpegBytes())])).statusCode).toBe(409);
      expect((await uploadDocument(a, [{ name: 'type', value: 'INDIVIDUAL_NUMBER_CARD' }, imagePart(jpegBytes())])).statusCode).toBe(409);
      expect(await listDocuments(db, a.applicationId)).toEqual([]);
      expect((await app.inject({ method: 'POST', url: '/api/documents', headers: { host: a.host } })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
