import { describe, expect, it } from 'vitest';
import { resultOfStatus, retryDelay, type AttemptResult } from '../../src/webhooks/attempt-result.js';

const timing = { baseDelayMs: 1_000, maxDelayMs: 60_000, maxRetryAfterMs: 30 };
const now = Date.parse('2026-01-01T00:00:00Z');

function retryable(result: AttemptResult): Extract<AttemptResult, { kind: 'retryable' }> {
  if (result.kind !== 'retryable') throw new Error(`expected a retryable result, got ${result.kind}`);
  return result;
}

describe('retry timing of a webhook delivery', () => {
  it("waits what the receiver's Retry-After asks, up to the cap", () => {
    const wanted = retryable(resultOfStatus(429, '1', now));
    expect(wanted).toEqual({ kind: 'retryable', error: 'receiver answered HTTP 429', retryAfterMs: 1000 });
    expect(retryDelay(1, wanted, { ...timing, maxRetryAfterMs: 60_000 })).toBe(1000);
    expect(retryDelay(1, retryable(resultOfStatus(503, '3600', now)), timing)).toBe(30);
  });

  it('backs off from the base delay when the receiver names no wait', () => {
    const result = retryable(resultOfStatus(500, undefined, now));
    expect(result).toEqual({ kind: 'retryable', error: 'receiver answered HTTP 500' });
    // Half the doubled step plus jitter of up to the other half; the jitter is fixed at 0.5 here.
    expect([1, 2, 3, 8].map((retry) => retryDelay(retry, result, timing, () => 0.5))).toEqual([750, 1500, 3000, 45_000]);
  });
});
