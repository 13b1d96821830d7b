import { describe, expect, it } from 'vitest';
import type { Harness } from './harness.js';

export function describeRateLimits(h: Harness): void {
  describe('rate limits', () => {
    it('allows `limit` hits per window per key, and refused hits do not count', async () => {
      const [key, other] = [h.id('rate'), h.id('rate')];
      const teams = h.store().teams;
      const windowMs = 60_000;
      expect(await teams.hit(key, 3, windowMs)).toEqual({ allowed: true, remaining: 2, retryAfterMs: 0 });
      expect(await teams.hit(key, 3, windowMs)).toEqual({ allowed: true, remaining: 1, retryAfterMs: 0 });
      expect(await teams.hit(key, 3, windowMs)).toEqual({ allowed: true, remaining: 0, retryAfterMs: 0 });
      for (let i = 0; i < 3; i++) {
        const refused = await teams.hit(key, 3, windowMs);
        expect(refused).toMatchObject({ allowed: false, remaining: 0 });
        expect(refused.retryAfterMs).toBeGreaterThan(0);
        expect(refused.retryAfterMs).toBeLessThanOrEqual(windowMs);
      }
      expect((await teams.hit(other, 3, windowMs)).allowed).toBe(true);
    });

    it('allows exactly `limit` of many concurrent hits', async () => {
      const key = h.id('rate');
      const results = await Promise.all(Array.from({ length: 30 }, () => h.store().teams.hit(key, 12, 60_000)));
      expect(results.filter((result) => result.allowed)).toHaveLength(12);
    });

    it('allows hits again once retryAfterMs has passed', async () => {
      const key = h.id('rate');
      const teams = h.store().teams;
      const windowMs = 200;
      // Hit until refused: a window may roll over during the first hits in real time.
      let refused = await teams.hit(key, 2, windowMs);
      for (let i = 0; i < 6 && refused.allowed; i++) refused = await teams.hit(key, 2, windowMs);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterMs).toBeGreaterThan(0);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(windowMs);
      await h.elapse(refused.retryAfterMs + 20);
      expect((await teams.hit(key, 2, windowMs)).allowed).toBe(true);
    });
  });
}
