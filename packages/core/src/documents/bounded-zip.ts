import { unzipSync } from 'fflate';
import { TrawlError } from '../errors.js';
import { documentUnreadable } from './document-errors.js';

/** What an Office archive may unpack to: beyond either, it is refused as a decompression bomb. */
export interface ZipLimits {
  /** Bytes all the parts read may unpack to. */
  maxUnpackedBytes: number;
  /** Parts in the archive. */
  maxEntries: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxUnpackedBytes: 200 * 1024 * 1024, maxEntries: 10_000 };

/**
 * Unpacks the parts of an Office archive that `wanted` selects, within `limits`. Each part
 * inflates into a buffer of the size the archive's directory declares, never more, so a part
 * that lies about its size comes out cut short (and fails to parse) instead of filling memory;
 * the declared sizes are added up and checked before anything is inflated.
 */
export function unzipBounded(
  name: string,
  body: Uint8Array,
  wanted: (path: string) => boolean,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Map<string, Uint8Array> {
  let entries = 0;
  let unpacked = 0;
  try {
    // A first pass reads only the directory: the filter keeps nothing.
    unzipSync(body, {
      filter: (file) => {
        entries++;
        if (wanted(file.name)) unpacked += file.originalSize;
        return false;
      },
    });
  } catch (error) {
    throw documentUnreadable(name, 'it is not a readable ZIP archive (truncated or damaged)', error);
  }
  if (entries > limits.maxEntries) throw tooLarge(name, `${entries} parts (at most ${limits.maxEntries} are read)`);
  if (unpacked > limits.maxUnpackedBytes)
    throw tooLarge(name, `parts that unpack to ${unpacked} bytes (at most ${limits.maxUnpackedBytes} are read)`);
  try {
    return new Map(Object.entries(unzipSync(body, { filter: (file) => wanted(file.name) })));
  } catch (error) {
    throw documentUnreadable(name, 'a part of its ZIP archive cannot be unpacked (truncated, damaged or encrypted)', error);
  }
}

function tooLarge(name: string, what: string): TrawlError {
  return new TrawlError('SCRAPE_TOO_LARGE', `${name} holds ${what}: it looks like a decompression bomb, so it was not read`);
}

/** A part as text (Office XML is UTF-8). */
export function partText(parts: Map<string, Uint8Array>, path: string): string | undefined {
  const part = parts.get(path);
  return part ? new TextDecoder().decode(part) : undefined;
}
