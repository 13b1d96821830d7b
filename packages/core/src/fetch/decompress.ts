import type { Transform } from 'node:stream';
import {
  brotliDecompressSync,
  constants,
  createBrotliDecompress,
  createGunzip,
  createInflate,
  createInflateRaw,
  gunzipSync,
  inflateRawSync,
  inflateSync,
} from 'node:zlib';
import { TrawlError } from '../errors.js';

/** Decodes a Content-Encoding, refusing output over the byte cap (so a zip bomb cannot exhaust memory). */
export function decompressBody(body: Uint8Array, encoding: string | undefined, maxBytes: number): Uint8Array {
  const codings = (encoding ?? '')
    .toLowerCase()
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c && c !== 'identity');
  let out = body;
  // Codings are listed in the order they were applied, so undo them from the last one.
  for (const coding of codings.reverse()) {
    try {
      out = decodeOne(out, coding, maxBytes);
    } catch (cause) {
      if (cause instanceof RangeError || (cause as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new TrawlError('SCRAPE_TOO_LARGE', `The decompressed response is larger than ${maxBytes} bytes`, { cause });
      }
      if (out[0] === 0x3c /* '<' */) return out; // servers that mislabel plain HTML as compressed
      throw new TrawlError('SCRAPE_CONNECTION_ERROR', `Could not decode the ${coding} response body`, { cause });
    }
  }
  return out;
}

function decodeOne(body: Uint8Array, coding: string, maxOutputLength: number): Uint8Array {
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body, { maxOutputLength });
    case 'br':
      return brotliDecompressSync(body, { maxOutputLength });
    case 'deflate':
      // Some servers send raw deflate under this name; zlib-wrapped is what the RFC says.
      return body[0] !== undefined && (body[0] & 0x0f) === 8
        ? inflateSync(body, { maxOutputLength })
        : inflateRawSync(body, { maxOutputLength });
    default:
      return body; // an unknown coding is passed through untouched
  }
}

/**
 * The first `limit` bytes of a body's decoded form, for files read only to a cap (robots.txt,
 * sitemaps): a truncated or bomb-sized compressed stream yields its prefix instead of an error.
 * `encoding` is a Content-Encoding value, or `gzip` for a gzip file.
 */
export async function decompressPrefix(body: Uint8Array, encoding: string | undefined, limit: number): Promise<Uint8Array> {
  const codings = (encoding ?? '')
    .toLowerCase()
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c && c !== 'identity');
  if (codings.length === 0) return body.subarray(0, limit);
  if (codings.length > 1) return decompressBody(body, encoding, limit); // stacked codings are too rare to stream
  const stream = prefixDecoder(codings[0]!, body);
  if (!stream) return body.subarray(0, limit);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).byteLength;
      if (size >= limit) break;
    }
  } catch (cause) {
    // A stream cut short by the reader's cap ends in an error: what was decoded stands.
    if (size === 0) {
      if (body[0] === 0x3c /* '<' */) return body.subarray(0, limit); // mislabelled plain text
      throw new TrawlError('SCRAPE_CONNECTION_ERROR', `Could not decode the ${codings[0]} response body`, { cause });
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks, size).subarray(0, limit);
}

function prefixDecoder(coding: string, body: Uint8Array): Transform | undefined {
  const flush = { finishFlush: constants.Z_SYNC_FLUSH };
  let stream: Transform;
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      stream = createGunzip(flush);
      break;
    case 'br':
      stream = createBrotliDecompress({ finishFlush: constants.BROTLI_OPERATION_FLUSH });
      break;
    case 'deflate':
      stream = body[0] !== undefined && (body[0] & 0x0f) === 8 ? createInflate(flush) : createInflateRaw(flush);
      break;
    default:
      return undefined;
  }
  stream.end(body);
  return stream;
}
