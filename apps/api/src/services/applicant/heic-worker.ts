import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

// HEIC decoding off the event loop (docs/decisions/0090-documents-decoded-and-re-encoded.md).
// heic-decode runs libheif compiled to WebAssembly, synchronously: a 4032×3024 photo takes
// 0.4–0.8 s of CPU, which on the main thread would stall every other request. This worker does it
// instead; services/applicant/image-check.ts sends one job at a time and receives the RGBA pixels (transferred,
// not copied).

interface HeifImage {
  width: number;
  height: number;
  decode: () => Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}
type DecodeAll = (input: { buffer: Uint8Array }) => Promise<HeifImage[] & { dispose: () => void }>;

const require = createRequire(import.meta.url);
const decodeAll = (require('heic-decode') as { all: DecodeAll }).all;

export interface HeicJob {
  id: number;
  bytes: Uint8Array;
  maxPixels: number;
  maxSide: number;
}

export type HeicResult =
  | { id: number; ok: true; width: number; height: number; data: Uint8ClampedArray }
  | { id: number; ok: false; reason: 'too-large' | 'undecodable'; width?: number; height?: number };

async function run(job: HeicJob): Promise<HeicResult> {
  let images: Awaited<ReturnType<DecodeAll>> | undefined;
  try {
    images = await decodeAll({ buffer: job.bytes });
    const first = images[0];
    if (!first) return { id: job.id, ok: false, reason: 'undecodable' };
    // The size from the header, before any pixel is decoded.
    const { width, height } = first;
    if (width < 1 || height < 1) return { id: job.id, ok: false, reason: 'undecodable' };
    if (width > job.maxSide || height > job.maxSide || width * height > job.maxPixels) {
      return { id: job.id, ok: false, reason: 'too-large', width, height };
    }
    const decoded = await first.decode();
    return { id: job.id, ok: true, width: decoded.width, height: decoded.height, data: decoded.data };
  } catch {
    return { id: job.id, ok: false, reason: 'undecodable' };
  } finally {
    try {
      images?.dispose();
    } catch {
      // already freed
    }
  }
}

parentPort?.on('message', (job: HeicJob) => {
  void run(job).then((result) => {
    if (result.ok) parentPort!.postMessage(result, [result.data.buffer as ArrayBuffer]);
    else parentPort!.postMessage(result);
  });
});
