/**
 * The pixel size of a screenshot, read from its header (PNG's IHDR, JPEG's start-of-frame), so
 * tests check what a browser really produced without an image library.
 */

export interface ImageSize {
  type: 'png' | 'jpeg';
  width: number;
  height: number;
}

/** The width and height in a PNG's IHDR chunk; throws when the bytes are not a PNG. */
export function pngSize(data: Uint8Array): { width: number; height: number } {
  const bytes = Buffer.from(data);
  if (bytes.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG');
  if (bytes.subarray(12, 16).toString('latin1') !== 'IHDR') throw new Error('PNG without IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The width and height in a JPEG's start-of-frame segment; throws when the bytes are not a JPEG. */
export function jpegSize(data: Uint8Array): { width: number; height: number } {
  const bytes = Buffer.from(data);
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('not a JPEG');
  for (let at = 2; at + 9 < bytes.length; ) {
    if (bytes[at] !== 0xff) throw new Error(`JPEG segment without a marker at byte ${at}`);
    const marker = bytes[at + 1]!;
    // SOF0–SOF15 carry the frame size; C4 (Huffman tables), C8 and CC (arithmetic coding) do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error('JPEG without a start-of-frame segment');
}

/** The bytes of a `data:image/…;base64,` URL and their image type and size. */
export function dataUrlImage(url: string): ImageSize & { bytes: Uint8Array } {
  const match = /^data:image\/(png|jpeg);base64,(.+)$/s.exec(url);
  if (!match) throw new Error(`not a PNG or JPEG data URL: ${url.slice(0, 40)}`);
  const type = match[1] as 'png' | 'jpeg';
  const bytes = Buffer.from(match[2]!, 'base64');
  return { type, ...(type === 'png' ? pngSize(bytes) : jpegSize(bytes)), bytes };
}
