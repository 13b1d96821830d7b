import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPayload, verifySignature } from '../../src/webhooks/index.js';

describe('webhook signatures', () => {
  const body = JSON.stringify({ success: true, type: 'crawl.page', id: 'j', data: [{ markdown: 'Café ☕' }], metadata: {} });

  it('is sha256= and the hex HMAC of the UTF-8 body bytes', () => {
    const expected = createHmac('sha256', 's3cret').update(Buffer.from(body, 'utf8')).digest('hex');
    expect(signPayload(body, 's3cret')).toBe(`sha256=${expected}`);
  });

  it('verifies the signature of the same body, given as a string or as raw bytes', () => {
    const header = signPayload(body, 's3cret');
    expect(verifySignature(body, header, 's3cret')).toBe(true);
    expect(verifySignature(Buffer.from(body, 'utf8'), header, 's3cret')).toBe(true);
    expect(verifySignature(body, header.toUpperCase().replace('SHA256=', 'sha256='), 's3cret')).toBe(true);
  });

  it('rejects a tampered body, a wrong secret, a missing or malformed header', () => {
    const header = signPayload(body, 's3cret');
    expect(verifySignature(body.replace('Café', 'Cafe'), header, 's3cret')).toBe(false);
    expect(verifySignature(body, header, 'other')).toBe(false);
    expect(verifySignature(body, undefined, 's3cret')).toBe(false);
    expect(verifySignature(body, 'sha256=abc', 's3cret')).toBe(false);
    expect(verifySignature(body, header.slice('sha256='.length), 's3cret')).toBe(false);
  });
});
