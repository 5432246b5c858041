import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { BrotliOptions, ZlibOptions } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

// Answers of the API routes (JSON) are compressed when the client accepts it and the body is large
// enough to gain from it (docs/decisions/0120-precompressed-assets.md). Small answers (most of the
// API: a status, a saved step, one address) go out as they are: compressing a few hundred bytes
// costs more CPU than it saves on the wire. Built files are not compressed here: the web build
// writes .br/.gz beside them and @fastify/static sends those (plugins/spa.ts).

/** Bytes below which an answer is sent uncompressed. */
export const compressionThresholdBytes = 1024;

/** Bodies up to this size are compressed synchronously (and a marked body's compression kept). */
export const syncCompressionLimitBytes = 32 * 1024;

/** Compressed forms of the bodies marked by `keepCompressedForms`, by the zlib function that made them. */
const keptForms = new WeakMap<Buffer, Map<string, Buffer>>();

/**
 * Marks a body that is sent again and again unchanged (an address answer kept by value, decision
 * 0187): the first brotli or gzip compression of it is kept with it (as long as the body lives) and
 * sent again, the same bytes, instead of being compressed on every answer. The body must never change.
 */
export function keepCompressedForms(body: Buffer): Buffer {
  keptForms.set(body, new Map());
  return body;
}

type SyncCompressor = (payload: Buffer, options?: BrotliOptions | ZlibOptions) => Buffer;

/** zlib's own synchronous compressor, answering marked bodies from what it made for them before. */
function keeping(name: string, compressor: SyncCompressor): SyncCompressor {
  return (payload, options) => {
    const forms = keptForms.get(payload);
    if (forms === undefined) return compressor(payload, options);
    let form = forms.get(name);
    if (form === undefined) {
      form = compressor(payload, options);
      forms.set(name, form);
    }
    return form;
  };
}

export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: compressionThresholdBytes,
    // Bodies up to this size are compressed in one synchronous call (the plugin's default is 8 KiB on
    // two cores; larger bodies went through a zlib stream and pipeline per answer). The kept address
    // answers, up to ~28 KiB (66 towns), then give their kept compressed form every time instead of
    // being compressed again through a stream (decision 0246); a body over 32 KiB is still streamed.
    syncThreshold: syncCompressionLimitBytes,
    encodings: ['br', 'gzip'],
    // Request bodies stay plain: decompressing them would let a small upload expand past bodyLimit.
    globalDecompression: false,
    // The plugin's synchronous path (bodies up to its syncThreshold) calls these with the options it
    // would give zlib; everything else (streams, deflate, decompression) is zlib's own.
    zlib: {
      brotliCompressSync: keeping('br', brotliCompressSync as SyncCompressor),
      gzipSync: keeping('gzip', gzipSync as SyncCompressor),
    },
  });
}
