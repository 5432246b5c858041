import { Worker } from 'node:worker_threads';
import type sharpModule from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { messages } from '@koza/domain/messages';
import { Refusal } from '../platform/refusals.ts';
import type { HeicJob, HeicResult } from './heic-worker.ts';

// Every uploaded document is decoded and stored re-encoded as JPEG
// (docs/decisions/0090-documents-decoded-and-re-encoded.md). The first bytes only say what the file
// claims to be; decoding proves it. Re-encoding from pixels drops whatever else the file carried:
// trailing HTML or ZIP data, scripts, EXIF (GPS position, camera serial), ICC and XMP.
//
// Limits are read from the header before any pixel is decoded: a 4 KB PNG may declare
// 50,000 × 50,000 pixels (10 GB of RGBA). JPEG and PNG go through sharp (libvips, on libuv's
// thread pool: the event loop stays free); HEIC through heic-decode (libheif in WebAssembly) in a
// worker thread, because sharp's prebuilt libheif reads AVIF but not the HEVC that iPhones write.

export type ClaimedType = 'image/jpeg' | 'image/png' | 'image/heic';

export const imageLimits = {
  /** 48 MP iPhone photos (8064 × 6048 = 48.8 MP) pass; a decompression bomb does not. */
  maxPixels: 50_000_000,
  /** Per side: a 1 × 50,000,000 strip is not a document. */
  maxSide: 12_000,
  /** HEIC decode time allowed before the worker is stopped (a crafted file must not hold it). */
  heicTimeoutMs: 30_000,
  /** JPEG quality of what is stored: staff must read small print on a receipt. */
  jpegQuality: 85,
} as const;

export interface ReencodedImage {
  contentType: 'image/jpeg';
  bytes: Buffer;
  width: number;
  height: number;
}

// sharp (libvips: 7 MiB of library and its caches) is loaded with the first upload, not with the
// server: most processes never decode an image (decision 0182). The libvips operation cache keeps
// recent images in memory for reuse; uploads are never reused.
let sharpLoaded: Promise<typeof sharpModule> | undefined;
const loadSharp = () =>
  (sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));

const unreadable = () => new Refusal('invalid', { code: 'IMAGE_UNREADABLE', message: messages.imageUnreadable });
const tooLarge = () => new Refusal('tooLarge', { code: 'IMAGE_TOO_LARGE', message: messages.imageTooLarge });

const sharpFormat: Record<Exclude<ClaimedType, 'image/heic'>, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png' };

/**
 * Decodes `bytes` as the type they claim (by magic bytes and declaration, already checked) and
 * returns them re-encoded as a plain JPEG: 400 when they do not decode as that type (truncated,
 * corrupt, another format behind the signature), 413 when the header declares too many pixels.
 */
export async function reencodeImage(claimed: ClaimedType, bytes: Buffer): Promise<ReencodedImage> {
  const sharp = await loadSharp();
  if (claimed === 'image/heic') {
    const { width, height, data } = await decodeHeic(bytes);
    return toJpeg(sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } }));
  }
  const options = { limitInputPixels: imageLimits.maxPixels, failOn: 'warning' as const, sequentialRead: true };
  let meta: Metadata;
  try {
    // Header only: no pixel is decoded yet.
    meta = await sharp(bytes, options).metadata();
  } catch (error) {
    if (isPixelLimitError(error)) throw tooLarge();
    throw unreadable();
  }
  if (meta.format !== sharpFormat[claimed]) throw unreadable();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width < 1 || height < 1) throw unreadable();
  if (width > imageLimits.maxSide || height > imageLimits.maxSide || width * height > imageLimits.maxPixels) throw tooLarge();
  if ((meta.pages ?? 1) > 1) throw unreadable(); // an animated PNG is not a photo of a document
  // EXIF orientation is applied to the pixels (rotate() without an angle) before the EXIF is dropped.
  return toJpeg(sharp(bytes, options).rotate());
}

async function toJpeg(pipeline: Sharp): Promise<ReencodedImage> {
  try {
    // No withMetadata()/keepExif(): sharp writes no EXIF, ICC, XMP or comment; transparency on white.
    const { data, info } = await pipeline
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: imageLimits.jpegQuality })
      .toBuffer({ resolveWithObject: true });
    return { contentType: 'image/jpeg', bytes: data, width: info.width, height: info.height };
  } catch (error) {
    if (isPixelLimitError(error)) throw tooLarge();
    // Truncated or corrupt data past the header (failOn: 'warning').
    throw unreadable();
  }
}

const isPixelLimitError = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

// ---- HEIC, in one worker thread, one job at a time ----

interface Pending {
  resolve: (result: HeicResult) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function heicWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./heic-worker.ts', import.meta.url));
  // An idle worker does not keep the process (or a test run) alive.
  started.unref();
  started.on('message', (result: HeicResult) => {
    const job = pending.get(result.id);
    if (!job) return;
    pending.delete(result.id);
    clearTimeout(job.timer);
    job.resolve(result);
  });
  const fail = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const [id, job] of pending) {
      pending.delete(id);
      clearTimeout(job.timer);
      job.reject(error);
    }
  };
  started.on('error', fail);
  started.on('exit', () => fail(new Error('HEIC worker stopped')));
  worker = started;
  return started;
}

async function decodeHeic(bytes: Buffer): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const id = nextId++;
  const job: HeicJob = { id, bytes: new Uint8Array(bytes), maxPixels: imageLimits.maxPixels, maxSide: imageLimits.maxSide };
  let result: HeicResult;
  try {
    result = await new Promise<HeicResult>((resolve, reject) => {
      const w = heicWorker();
      const timer = setTimeout(() => {
        // A file that keeps the decoder busy this long is refused; the worker is replaced.
        pending.delete(id);
        reject(new Error('HEIC decode timed out'));
        void w.terminate();
      }, imageLimits.heicTimeoutMs);
      pending.set(id, { resolve, reject, timer });
      w.ref(); // keep the process up while a decode is running
      w.postMessage(job, [job.bytes.buffer as ArrayBuffer]);
    });
  } catch {
    throw unreadable();
  } finally {
    if (pending.size === 0) worker?.unref();
  }
  if (!result.ok) throw result.reason === 'too-large' ? tooLarge() : unreadable();
  return result;
}
