const META_SCAN_BYTES = 4096;

/** The charset named by a Content-Type header value, if any. */
export function charsetFromContentType(contentType: string | undefined): string | undefined {
  const match = contentType?.match(/charset\s*=\s*["']?([^"';\s]+)/i);
  return match?.[1]?.toLowerCase();
}

/** The charset a document declares in `<meta charset>` or `<meta http-equiv=Content-Type>`. */
export function charsetFromMeta(body: Uint8Array): string | undefined {
  // Declarations are ASCII and must appear early, so a latin1 view of the prefix is enough.
  const head = Buffer.from(body.buffer, body.byteOffset, Math.min(body.byteLength, META_SCAN_BYTES)).toString('latin1');
  const direct = head.match(/<meta[^>]+charset\s*=\s*["']?\s*([\w:.-]+)/i);
  return direct?.[1]?.toLowerCase();
}

function charsetFromBom(body: Uint8Array): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  return undefined;
}

function decoderFor(label: string | undefined): TextDecoder | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label);
  } catch {
    return undefined; // an unknown label falls through to the next source
  }
}

/**
 * Decodes a response body as the HTML spec orders it: BOM, then the header, then `<meta>`,
 * then UTF-8 (the overwhelming default on today's web).
 */
export function decodeBody(body: Uint8Array, contentType: string | undefined, sniffMeta = true): { text: string; charset: string } {
  const candidates = [charsetFromBom(body), charsetFromContentType(contentType), sniffMeta ? charsetFromMeta(body) : undefined];
  for (const label of candidates) {
    const decoder = decoderFor(label);
    if (decoder) return { text: decoder.decode(body), charset: decoder.encoding };
  }
  return { text: new TextDecoder('utf-8').decode(body), charset: 'utf-8' };
}
