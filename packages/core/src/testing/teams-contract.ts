import { describe, expect, it } from 'vitest';
import type { Harness } from './harness.js';

export function describeTeams(h: Harness): void {
  describe('teams', () => {
    it('treats a team whose credits were never set as unlimited', async () => {
      const team = h.id('team');
      expect(await h.store().teams.getCredits(team)).toBeNull();
      expect(await h.store().teams.debit(team, 1_000_000)).toEqual({ ok: true, remaining: null });
      expect(await h.store().teams.getCredits(team)).toBeNull();
    });

    it('debits while the balance suffices and refuses, debiting nothing, when it does not', async () => {
      const team = h.id('team');
      const teams = h.store().teams;
      await teams.setCredits(team, 10);
      expect(await teams.getCredits(team)).toBe(10);
      expect(await teams.debit(team, 4)).toEqual({ ok: true, remaining: 6 });
      expect(await teams.debit(team, 7)).toEqual({ ok: false, remaining: 6 });
      expect(await teams.debit(team, 6)).toEqual({ ok: true, remaining: 0 });
      expect(await teams.debit(team, 0)).toEqual({ ok: true, remaining: 0 });
      expect(await teams.debit(team, 1)).toEqual({ ok: false, remaining: 0 });
      await teams.setCredits(team, null);
      expect(await teams.getCredits(team)).toBeNull();
    });

    it('never goes negative under concurrent debits', async () => {
      const [single, triple] = [h.id('team'), h.id('team')];
      const teams = h.store().teams;
      await teams.setCredits(single, 10);
      await teams.setCredits(triple, 10);
      const [ones, threes] = await Promise.all([
        Promise.all(Array.from({ length: 25 }, () => teams.debit(single, 1))),
        Promise.all(Array.from({ length: 6 }, () => teams.debit(triple, 3))),
      ]);
      expect(ones.filter((result) => result.ok)).toHaveLength(10);
      expect(threes.filter((result) => result.ok)).toHaveLength(3);
      expect([...ones, ...threes].every((result) => (result.remaining ?? 0) >= 0)).toBe(true);
      expect(await teams.getCredits(single)).toBe(0);
      expect(await teams.getCredits(triple)).toBe(1);
    });

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
