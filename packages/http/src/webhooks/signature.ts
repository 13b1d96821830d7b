import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha256=';

/** `sha256=` + the hex HMAC-SHA256 of the exact body bytes: the `X-Trawl-Signature` value. */
export function signPayload(body: string | Uint8Array, secret: string): string {
  return PREFIX + createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * For receivers: true when `header` is the signature of `body` under `secret`. Pass the raw
 * request body (not re-serialised JSON). The comparison takes the same time wherever it differs.
 */
export function verifySignature(body: string | Uint8Array, header: string | undefined, secret: string): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(signPayload(body, secret), 'utf8');
  const given = Buffer.from(header.trim().toLowerCase(), 'utf8');
  // The length of a sha256 signature is public, so leaving early on a mismatch leaks nothing.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
