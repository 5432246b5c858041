import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { reencodeImage } from '../../src/services/applicant/image-check.ts';

// A phone photo (4032 × 3024) is decoded without holding the event loop: sharp works on libuv's
// thread pool, heic-decode's WebAssembly in a worker thread. Figures are printed; the assertion is
// that no single stall comes near the decode time itself (which, on the main thread, would be one
// stall of 0.4–0.8 s for the HEIC).

const bigHeic = readFileSync(new URL('../fixtures/photo-4032x3024.heic', import.meta.url));

async function photoJpeg(): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 3) {
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    raw[i] = (x * 255) / width;
    raw[i + 1] = (y * 255) / height;
    raw[i + 2] = (x ^ y) & 0xff;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function measure(run: () => Promise<unknown>): Promise<{ ms: number; maxStallMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  histogram.disable();
  return { ms, maxStallMs: histogram.max / 1e6 };
}

it('decodes and re-encodes a 4032 × 3024 HEIC and JPEG without a long stall of the event loop', async () => {
  const jpeg = await photoJpeg();
  // Warm-up: the first HEIC job starts the worker and compiles libheif.
  await reencodeImage('image/heic', bigHeic);
  for (const [name, type, bytes] of [
    ['HEIC', 'image/heic', bigHeic],
    ['JPEG', 'image/jpeg', jpeg],
  ] as const) {
    let out: Awaited<ReturnType<typeof reencodeImage>> | undefined;
    const { ms, maxStallMs } = await measure(async () => {
      out = await reencodeImage(type, bytes);
    });
    console.log(
      `[image-check] 4032×3024 ${name} (${bytes.length} bytes) → JPEG ${out!.bytes.length} bytes in ${Math.round(ms)} ms; longest event-loop stall ${Math.round(maxStallMs)} ms`,
    );
    expect(out).toMatchObject({ contentType: 'image/jpeg', width: 4032, height: 3024 });
    expect(maxStallMs).toBeLessThan(Math.max(150, ms / 3));
  }
}, 60_000);
