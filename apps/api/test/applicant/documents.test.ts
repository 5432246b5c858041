import { createHash, randomBytes } from 'node:crypto';
import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@koza/domain/messages';
import { listDocuments, readDocumentBytes } from '../../src/db/repositories/documents-repository.ts';
import { detectImageType } from '../../src/services/applicant/documents.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { startFakeProvider } from '../helpers/fake-provider.ts';
import type { FakeProvider } from '../helpers/fake-provider.ts';
import {
  createEkycApp,
  finishEkycWithWebhook,
  heicBytes,
  imagePart,
  jpegBytes,
  pngBytes,
  readyApplicant,
  sampleHeic,
  uploadDocument,
} from '../helpers/ready-application.ts';

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
      // Stored re-encoded: a plain JPEG of the same picture, without the megabyte of padding after it.
      const stored = (await readDocumentBytes(db, doc!.id))!;
      expect(doc).toMatchObject({
        type: 'CURRENT_ADDRESS_DOCUMENT',
        contentType: 'image/jpeg',
        size: stored.length,
        sha256: createHash('sha256').update(stored).digest('hex'),
      });
      expect(stored.length).toBeLessThan(100_000);
      expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
      expect((await a.row()).status).toBe('READY');
      // Done: a second one is not expected any more.
      expect((await uploadDocument(a, [addressType, imagePart(jpegBytes())])).statusCode).toBe(409);
    } finally {
      await app.close();
    }
  });

  it('accepts PNG and HEIC as what they are (stored as JPEG), with the file before or after the type field', async () => {
    const png = await supplementRequired();
    try {
      expect((await uploadDocument(png.a, [imagePart(pngBytes(), 'image/png', 'a.png'), addressType])).statusCode).toBe(204);
    } finally {
      await png.app.close();
    }
    const heic = await supplementRequired();
    try {
      expect((await uploadDocument(heic.a, [addressType, imagePart(heicBytes(), 'image/heic', 'IMG_0001.HEIC')])).statusCode).toBe(204);
      expect((await listDocuments(heic.db, heic.a.applicationId))[0]?.contentType).toBe('image/jpeg');
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

  it('refuses with 413 a 4 KB PNG whose header declares 50,000 × 50,000 pixels, before decoding it', async () => {
    const { db, app, a } = await supplementRequired();
    try {
      const bomb = pngBomb(50_000, 50_000);
      expect(bomb.length).toBeLessThan(8 * 1024);
      const response = await uploadDocument(a, [addressType, imagePart(bomb, 'image/png', 'bomb.png')]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ code: 'IMAGE_TOO_LARGE', message: messages.imageTooLarge });
      // One side too long is refused as well, even with few pixels.
      expect((await uploadDocument(a, [addressType, imagePart(pngBomb(20_000, 1), 'image/png', 'strip.png')])).statusCode).toBe(413);
      expect(await listDocuments(db, a.applicationId)).toEqual([]);
      expect((await a.row()).status).toBe('SUPPLEMENT_REQUIRED');
    } finally {
      await app.close();
    }
  });

  it('refuses with 400 what does not decode as the type it claims: FF D8 FF, a truncated JPEG, noise behind each signature', async () => {
    const { db, app, a } = await supplementRequired();
    try {
      const cases: [Buffer, string][] = [
        [Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg'],
        [jpegBytes().subarray(0, Math.floor(jpegBytes().length / 2)), 'image/jpeg'],
        [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(4000)]), 'image/jpeg'],
        [Buffer.concat([pngBytes().subarray(0, 8), randomBytes(4000)]), 'image/png'],
        [Buffer.concat([sampleHeic.subarray(0, 28), randomBytes(4000)]), 'image/heic'],
        [sampleHeic.subarray(0, Math.floor(sampleHeic.length / 2)), 'image/heic'],
      ];
      for (const [bytes, type] of cases) {
        const response = await uploadDocument(a, [addressType, imagePart(bytes, type)]);
        expect(response.statusCode, `${type} of ${bytes.length} bytes`).toBe(400);
        expect(response.json()).toEqual({ code: 'IMAGE_UNREADABLE', message: messages.imageUnreadable });
      }
      expect(await listDocuments(db, a.applicationId)).toEqual([]);
      expect((await a.row()).status).toBe('SUPPLEMENT_REQUIRED');
    } finally {
      await app.close();
    }
  });

  it('stores a JPEG + HTML script + ZIP polyglot as the JPEG picture alone', async () => {
    const { db, app, a } = await supplementRequired();
    try {
      const polyglot = Buffer.concat([jpegBytes(), Buffer.from('<html><script>alert(document.cookie)</script></html>'), zipWithOneFile()]);
      expect((await uploadDocument(a, [addressType, imagePart(polyglot)])).statusCode).toBe(204);
      const [doc] = await listDocuments(db, a.applicationId);
      const stored = (await readDocumentBytes(db, doc!.id))!;
      expect(stored.includes('<script')).toBe(false);
      expect(stored.includes(Buffer.from('PK\x03\x04', 'latin1'))).toBe(false);
      expect(stored.includes(Buffer.from('PK\x05\x06', 'latin1'))).toBe(false);
      expect(stored.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
      expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    } finally {
      await app.close();
    }
  });

  it('stores a phone photo without its EXIF (GPS position, camera), turned upright by its orientation', async () => {
    const { db, app, a } = await supplementRequired();
    try {
      const photo = await photoWithGps();
      const sent = await sharp(photo).metadata();
      expect(sent.exif?.includes('iPhone')).toBe(true);
      // The GPS IFD pointer (tag 0x8825), in either byte order.
      expect(sent.exif!.includes(Buffer.from([0x88, 0x25])) || sent.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);
      expect(sent.orientation).toBe(6);
      expect((await uploadDocument(a, [addressType, imagePart(photo, 'image/jpeg', 'IMG_0002.JPG')])).statusCode).toBe(204);
      const [doc] = await listDocuments(db, a.applicationId);
      const stored = (await readDocumentBytes(db, doc!.id))!;
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(stored.includes('Exif')).toBe(false);
      expect(stored.includes('iPhone')).toBe(false);
      // Orientation 6 (rotate 90° clockwise) applied to the pixels: 64 × 48 becomes 48 × 64.
      expect(meta).toMatchObject({ format: 'jpeg', width: 48, height: 64 });
      expect(meta.orientation).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('decodes a HEIC (HEVC, as iPhones write) and stores it as JPEG', async () => {
    const { db, app, a } = await supplementRequired();
    try {
      expect((await uploadDocument(a, [addressType, imagePart(heicBytes(), 'image/heic', 'IMG_0003.HEIC')])).statusCode).toBe(204);
      const [doc] = await listDocuments(db, a.applicationId);
      expect(doc).toMatchObject({ contentType: 'image/jpeg' });
      const stored = (await readDocumentBytes(db, doc!.id))!;
      expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
      expect((await a.row()).status).toBe('READY');
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

/** A PNG declaring width × height RGB pixels, with only a few kilobytes of compressed data behind. */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024 * 1024), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A ZIP archive (stored, not compressed) holding index.html. */
function zipWithOneFile(): Buffer {
  const name = Buffer.from('index.html');
  const data = Buffer.from('<script>fetch("/api/applications")</script>');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc32(data), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(10, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc32(data), 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const centralAt = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

/** A 64 × 48 JPEG as a phone writes it: EXIF with the camera, the GPS position and orientation 6. */
async function photoWithGps(): Promise<Buffer> {
  return sharp(randomBytes(64 * 48 * 3), { raw: { width: 64, height: 48, channels: 3 } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '33/1 35/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '130/1 24/1 0/1' },
    })
    .toBuffer();
}
