import { zipSync } from 'fflate';
import { unzipBounded, type ZipLimits } from './bounded-zip.js';

/**
 * An Office archive rebuilt from its parts as unpacked within the limits, stored without
 * compression: what a library that unpacks archives itself (mammoth) is given, so a part that
 * lies about its size reaches it cut short instead of as a decompression bomb.
 */
export function boundedArchive(
  name: string,
  body: Uint8Array,
  limits?: ZipLimits,
): { parts: Map<string, Uint8Array>; archive: Uint8Array } {
  const parts = unzipBounded(name, body, () => true, limits);
  return { parts, archive: zipSync(Object.fromEntries(parts), { level: 0 }) };
}
