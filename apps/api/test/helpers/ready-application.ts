import { constants, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { expect } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/app.ts';
import { fixedClock } from '../../src/adapters/clock.ts';
import type { EkycProvider } from '../../src/adapters/ekyc-provider.ts';
import { loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/database.ts';
import { emptyWebDist } from './app.ts';
import { applicant, saveBefore, testNow } from './application-steps.ts';
import type { Applicant } from './application-steps.ts';
import { sendWebhook } from './fake-provider.ts';
import type { FakeProvider } from './fake-provider.ts';

// An applicant at step 7: signed in, personal / workplace / branch / seal-less saved and the PIN
// set, all through the real endpoints. Plus what the eKYC, document and completion tests share.

export { testNow };

export interface EkycAppOptions {
  /** EKYC_PROVIDER_URL (the simulator or the fake provider). */
  providerUrl: string;
  /** PUBLIC_BASE_URL: where the provider sends webhooks. Default: a closed port (webhooks get lost). */
  publicBaseUrl?: string;
  /** A provider object instead of the HTTP one built from the configuration (short timeouts). */
  provider?: EkycProvider;
  now?: string;
  env?: Record<string, string>;
}

export const blackHole = 'http://127.0.0.1:9';

export async function createEkycApp(db: Db, options: EkycAppOptions): Promise<App & { clock: ReturnType<typeof fixedClock> }> {
  const clock = fixedClock(options.now ?? testNow);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'sqlite::memory:',
    WEB_DIST_DIR: emptyWebDist(),
    EKYC_PROVIDER_URL: options.providerUrl,
    PUBLIC_BASE_URL: options.publicBaseUrl ?? blackHole,
    ...options.env,
  });
  const app = await buildApp({ config, db, clock, logger: false, ekycProvider: options.provider });
  return Object.assign(app, { clock });
}

/** A 4-digit PIN that breaks no rule for the standard payloads (birthday 1990-04-01, 090-1234-5678). */
export const goodPin = '7394';

/** GET /api/public-key → RSA-OAEP (SHA-256) → POST /api/pin, as the browser does. */
export async function setPin(a: Applicant, pin = goodPin): Promise<void> {
  const key = await a.get('/api/public-key');
  expect(key.statusCode).toBe(200);
  const spki = Buffer.from((key.json() as { keyCode: string }).keyCode, 'base64');
  const publicKey = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  const code = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(pin)).toString('base64');
  const response = await a.post('/api/pin', { code });
  if (response.statusCode !== 204) throw new Error(`POST /api/pin answered ${response.statusCode}: ${response.body}`);
}

/** Signs in and saves every step up to the PIN through HTTP. */
export async function readyApplicant(app: App, options: { host?: string } = {}): Promise<Applicant> {
  const a = await applicant(app, options);
  await saveBefore(a, 'pin');
  await setPin(a);
  return a;
}

/** POST with no body at all (no content type), as the web sends the "empty body" calls. */
export const postEmpty = (a: Applicant, url: string) => a.app.inject({ method: 'POST', url, headers: { host: a.host, authorization: `Bearer ${a.token}` } });

export const startEkyc = (a: Applicant) => a.post('/api/ekyc', { supplement: false });

/** The provider's session id in a url of the simulator or the fake provider (/s/<id>?t=…). */
export const sessionIdOf = (url: string): string => decodeURIComponent(/\/s\/([^/?]+)/.exec(url)![1]!);

/** Starts eKYC at the fake provider and lets a signed webhook bring `outcome`; returns the provider session id. */
export async function finishEkycWithWebhook(a: Applicant, fake: FakeProvider, outcome: 'PASSED' | 'ADDRESS_MISMATCH' | 'FAILED' | 'EXPIRED'): Promise<string> {
  const started = await startEkyc(a);
  if (started.statusCode !== 200) throw new Error(`POST /api/ekyc answered ${started.statusCode}: ${started.body}`);
  const sessionId = sessionIdOf((started.json() as { url: string }).url);
  fake.statuses.set(sessionId, outcome);
  const hook = await sendWebhook(a.app, { sessionId, status: outcome });
  if (hook.statusCode !== 204) throw new Error(`webhook answered ${hook.statusCode}: ${hook.body}`);
  return sessionId;
}

// ---- images and multipart bodies ----

// Real images (the API decodes every upload, issue 12): a small noisy picture made once with sharp,
// padded after its end marker to reach a requested size (decoders stop at the end; the server
// stores only the re-encoded pixels).
const sample = { width: 64, height: 48, channels: 3 as const };
const samplePixels = randomBytes(sample.width * sample.height * sample.channels);
const sampleJpeg = await sharp(samplePixels, { raw: sample }).jpeg({ quality: 90 }).toBuffer();
const samplePng = await sharp(samplePixels, { raw: sample }).png().toBuffer();
/** A 64×48 HEIC made with libheif's heif-enc (x265), as committed under test/fixtures. */
export const sampleHeic = readFileSync(new URL('../fixtures/photo-64x48.heic', import.meta.url));
const padded = (image: Buffer, size: number) => Buffer.concat([image, Buffer.alloc(Math.max(0, size - image.length))]);

export const jpegBytes = (size = 0): Buffer => padded(sampleJpeg, size);
export const pngBytes = (size = 0): Buffer => padded(samplePng, size);
export const heicBytes = (size = 0): Buffer => padded(sampleHeic, size);

export interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** multipart/form-data body and content type, built by hand (fields and file parts in the given order). */
export function multipart(parts: ({ name: string; value: string } | FilePart)[]): { payload: Buffer; contentType: string } {
  const boundary = `----koza${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/documents with the given parts. */
export function uploadDocument(a: Applicant, parts: Parameters<typeof multipart>[0]) {
  const { payload, contentType } = multipart(parts);
  return a.app.inject({
    method: 'POST',
    url: '/api/documents',
    headers: { host: a.host, authorization: `Bearer ${a.token}`, 'content-type': contentType },
    payload,
  });
}

export const imagePart = (bytes: Buffer, contentType = 'image/jpeg', filename = 'document.jpg'): FilePart => ({ name: 'image', filename, contentType, bytes });
