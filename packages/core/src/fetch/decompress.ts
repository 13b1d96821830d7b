import { brotliDecompressSync, gunzipSync, inflateSync, inflateRawSync } from 'node:zlib';
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
      return body[0] !== undefined && (body[0] & 0x0f) === 8 ? inflateSync(body, { maxOutputLength }) : inflateRawSync(body, { maxOutputLength });
    default:
      return body; // an unknown coding is passed through untouched
  }
}
