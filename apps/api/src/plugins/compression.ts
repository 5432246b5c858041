import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

// Answers of the API routes (JSON) are compressed when the client accepts it and the body is large
// enough to gain from it (docs/decisions/0120-precompressed-assets.md). Small answers (most of the
// API: a status, a saved step, one address) go out as they are: compressing a few hundred bytes
// costs more CPU than it saves on the wire. Built files are not compressed here: the web build
// writes .br/.gz beside them and @fastify/static sends those (plugins/spa.ts).

/** Bytes below which an answer is sent uncompressed. */
export const compressionThresholdBytes = 1024;

export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: compressionThresholdBytes,
    encodings: ['br', 'gzip'],
    // Request bodies stay plain: decompressing them would let a small upload expand past bodyLimit.
    globalDecompression: false,
  });
}
