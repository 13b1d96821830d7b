import { describe, expect, it } from 'vitest';
import { createHostBackoff } from '../../src/crawl/host-backoff.js';

describe('the back-off from hosts answering block pages', () => {
  it('doubles the pause with each block page in a row, up to a minute, per host', () => {
    const backoff = createHostBackoff();
    const pauses = Array.from({ length: 9 }, () => backoff.strike('https://a.example/page'));
    expect(pauses).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(backoff.strike('https://b.example/')).toBe(1_000);
    expect(backoff.strike('https://a.example:8443/')).toBe(1_000);
  });

  it('starts again once a page of the host comes back whole', () => {
    const backoff = createHostBackoff();
    backoff.strike('https://a.example/1');
    backoff.strike('https://a.example/2');
    backoff.clear('https://a.example/3');
    expect(backoff.strike('https://a.example/4')).toBe(1_000);
  });
});
