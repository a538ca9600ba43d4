import { constants } from 'node:zlib'
import type { FastifyCompressOptions } from '@fastify/compress'

/**
 * Per-request compression of what is made per request: live pages and JSON (ADR 041). Brotli
 * quality 2 is about gzip 6's size for 40 % of its CPU; gzip level 1 for clients without brotli.
 *
 * Brotli's window is 256 KiB (lgwin 18), not its default 4 MiB (22): each response gets its own
 * encoder, and the default one's buffers, reported to V8 as external memory, set off a full
 * garbage collection every few dozen live pages. Measured on the 72 KB loan form under load
 * (issue 19): brotli added 3.8 ms of CPU per request with the default window and 0.8 ms with
 * this one, for the same bytes out (a page is far smaller than the window either way).
 */
export const compressionOptions: FastifyCompressOptions = {
  threshold: 1024,
  encodings: ['br', 'gzip'],
  brotliOptions: {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 2,
      [constants.BROTLI_PARAM_LGWIN]: 18,
    },
  },
  zlibOptions: { level: 1 },
}
