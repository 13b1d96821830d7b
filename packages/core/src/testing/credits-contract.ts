import { describe, expect, it } from 'vitest';
import type { HoldOwner, Store, TeamLedger } from '../ports/store.js';
import type { Harness, StoreFactory } from './harness.js';

/** One request's life: reserve its most, then settle what it really cost. Resolves that cost, or null when refused. */
async function spend(teams: TeamLedger, teamId: string, most: number, cost: number): Promise<number | null> {
  const { hold } = await teams.reserve(teamId, most);
  if (!hold) return null;
  await new Promise((resolve) => setImmediate(resolve)); // the work: other requests run meanwhile
  await teams.settle(hold, cost);
  return cost;
}

/** A hold owner of the test's own, with a short lease the test lets lapse. */
const ownerOf = (h: Harness, leaseMs = 200): HoldOwner => ({ id: h.id('owner'), leaseMs });

const sum = (values: ReadonlyArray<number | null>) => values.reduce<number>((total, value) => total + (value ?? 0), 0);

export function describeCredits(h: Harness, makeStore: StoreFactory, sharedStorage: boolean): void {
  describe('credits', () => {
    it('treats a team whose credits were never set as unlimited, holding nothing', async () => {
      const team = h.id('team');
      const teams = h.store().teams;
      expect(await teams.getCredits(team)).toBeNull();
      const reservation = await teams.reserve(team, 1_000_000);
      expect(reservation).toEqual({ ok: true, remaining: null, hold: { teamId: team, amount: 0 } });
      await teams.settle(reservation.hold!, 1_000_000);
      await teams.release(reservation.hold!);
      expect(await teams.getCredits(team)).toBeNull();
    });

    // A hold may carry an id (CreditHold.id) for a store that settles it once however often asked.
    it('reserves while the balance suffices and refuses, taking nothing, when it does not', async () => {
      const team = h.id('team');
      const teams = h.store().teams;
      await teams.setCredits(team, 10);
      expect(await teams.getCredits(team)).toBe(10);
      expect(await teams.reserve(team, 4)).toEqual({ ok: true, remaining: 6, hold: expect.objectContaining({ teamId: team, amount: 4 }) });
      expect(await teams.reserve(team, 7)).toEqual({ ok: false, remaining: 6, hold: null });
      expect(await teams.reserve(team, 6)).toEqual({ ok: true, remaining: 0, hold: expect.objectContaining({ teamId: team, amount: 6 }) });
      expect(await teams.reserve(team, 0)).toEqual({ ok: true, remaining: 0, hold: expect.objectContaining({ teamId: team, amount: 0 }) });
      expect(await teams.reserve(team, 1)).toEqual({ ok: false, remaining: 0, hold: null });
      await teams.setCredits(team, null);
      expect(await teams.getCredits(team)).toBeNull();
    });

    it('settles a hold at its real cost, giving the rest back, and never keeps more than the hold', async () => {
      const team = h.id('team');
      const teams = h.store().teams;
      await teams.setCredits(team, 10);
      const five = (await teams.reserve(team, 5)).hold!;
      await teams.settle(five, 2);
      expect(await teams.getCredits(team)).toBe(8);
      const three = (await teams.reserve(team, 3)).hold!;
      await teams.settle(three, 3);
      expect(await teams.getCredits(team)).toBe(5);
      const two = (await teams.reserve(team, 2)).hold!;
      await teams.settle(two, 9);
      expect(await teams.getCredits(team)).toBe(3);
    });

    it('releases a hold whole, so failed work costs nothing', async () => {
      const team = h.id('team');
      const teams = h.store().teams;
      await teams.setCredits(team, 4);
      const hold = (await teams.reserve(team, 4)).hold!;
      expect((await teams.reserve(team, 1)).ok).toBe(false);
      await teams.release(hold);
      expect(await teams.getCredits(team)).toBe(4);
      expect((await teams.reserve(team, 4)).ok).toBe(true);
    });

    it('leaves a team made unlimited while it held credits unlimited when the hold comes back', async () => {
      const team = h.id('team');
      const teams = h.store().teams;
      await teams.setCredits(team, 10);
      const hold = (await teams.reserve(team, 4)).hold!;
      await teams.setCredits(team, null);
      await teams.release(hold);
      expect(await teams.getCredits(team)).toBeNull();
    });

    it('rejects a negative or non-finite amount or cost', async () => {
      const team = h.id('team');
      const teams = h.store().teams;
      await teams.setCredits(team, 10);
      await expect(teams.reserve(team, -1)).rejects.toThrow(RangeError);
      await expect(teams.reserve(team, Number.NaN)).rejects.toThrow(RangeError);
      const hold = (await teams.reserve(team, 2)).hold!;
      await expect(teams.settle(hold, -1)).rejects.toThrow(RangeError);
      await expect(teams.settle(hold, Number.POSITIVE_INFINITY)).rejects.toThrow(RangeError);
      expect(await teams.getCredits(team)).toBe(8);
    });

    it('never takes more than the balance under concurrent reservations', async () => {
      const [single, triple] = [h.id('team'), h.id('team')];
      const teams = h.store().teams;
      await teams.setCredits(single, 10);
      await teams.setCredits(triple, 10);
      const [ones, threes] = await Promise.all([
        Promise.all(Array.from({ length: 25 }, () => teams.reserve(single, 1))),
        Promise.all(Array.from({ length: 6 }, () => teams.reserve(triple, 3))),
      ]);
      expect(ones.filter((result) => result.ok)).toHaveLength(10);
      expect(threes.filter((result) => result.ok)).toHaveLength(3);
      expect([...ones, ...threes].every((result) => (result.remaining ?? 0) >= 0)).toBe(true);
      expect(await teams.getCredits(single)).toBe(0);
      expect(await teams.getCredits(triple)).toBe(1);
    });

    it('charges at most the balance when many requests reserve, work and settle at once', async () => {
      const [exact, refunding] = [h.id('team'), h.id('team')];
      const teams = h.store().teams;
      await teams.setCredits(exact, 5);
      await teams.setCredits(refunding, 10);
      const [paid, refunded] = await Promise.all([
        Promise.all(Array.from({ length: 50 }, () => spend(teams, exact, 1, 1))),
        // Each holds 3 and is charged 1: refunds free credits for requests that come after.
        Promise.all(Array.from({ length: 40 }, () => spend(teams, refunding, 3, 1))),
      ]);
      expect(paid.filter((cost) => cost !== null)).toHaveLength(5);
      expect(await teams.getCredits(exact)).toBe(0);
      const charged = sum(refunded);
      expect(charged).toBeGreaterThanOrEqual(3);
      expect(charged).toBeLessThanOrEqual(10);
      expect(await teams.getCredits(refunding)).toBe(10 - charged);
    });

    it('names every hold with an amount and settles it once, however often asked (a retry after a lost answer)', async () => {
      const team = h.id('team');
      const teams = h.store().teams;
      await teams.setCredits(team, 100);
      const hold = (await teams.reserve(team, 10, ownerOf(h))).hold!;
      const other = (await teams.reserve(team, 10)).hold!;
      expect(hold.id).toEqual(expect.any(String));
      expect(other.id).toEqual(expect.any(String));
      expect(other.id).not.toBe(hold.id);
      await teams.settle(hold, 3);
      await teams.settle(hold, 3);
      await teams.release(hold);
      expect(await teams.getCredits(team)).toBe(87);
      await Promise.all([teams.release(other), teams.release(other), teams.settle(other, 5)]);
      expect([97, 92]).toContain(await teams.getCredits(team));
    });

    it('reclaims, whole and once, the open holds of an owner that stopped renewing, and only those', async () => {
      const team = h.id('team');
      const teams = h.store().teams;
      await teams.setCredits(team, 100);
      const [stopped, live] = [ownerOf(h), ownerOf(h)];
      const lost = (await teams.reserve(team, 10, stopped)).hold!;
      const done = (await teams.reserve(team, 5, stopped)).hold!;
      const kept = (await teams.reserve(team, 20, live)).hold!;
      const ownerless = (await teams.reserve(team, 1)).hold!;
      await teams.settle(done, 5);
      expect(await teams.getCredits(team)).toBe(64);
      expect((await teams.reclaimHolds()).filter((hold) => hold.teamId === team)).toEqual([]);
      for (let waited = 0; waited < 300; waited += 100) {
        await h.elapse(100);
        await teams.renewHolds(live);
      }
      const reclaimed = (await teams.reclaimHolds()).filter((hold) => hold.teamId === team);
      expect(reclaimed).toEqual([{ teamId: team, amount: 10, id: lost.id }]);
      expect(await teams.getCredits(team)).toBe(74);
      // A second sweep, or two at once, give nothing more back.
      await Promise.all([teams.reclaimHolds(), teams.reclaimHolds()]);
      expect(await teams.getCredits(team)).toBe(74);
      await teams.settle(kept, 20);
      await teams.release(ownerless);
      expect(await teams.getCredits(team)).toBe(75);
    });

    it('charges a reclaimed hold when its settlement comes after all: the work was done', async () => {
      const team = h.id('team');
      const teams = h.store().teams;
      await teams.setCredits(team, 10);
      const owner = ownerOf(h);
      const late = (await teams.reserve(team, 4, owner)).hold!;
      const failed = (await teams.reserve(team, 4, owner)).hold!;
      await h.elapse(300);
      expect((await teams.reclaimHolds()).filter((hold) => hold.teamId === team)).toHaveLength(2);
      expect(await teams.getCredits(team)).toBe(10);
      // Meanwhile another request spent the balance: the late charge may take it below 0.
      const other = (await teams.reserve(team, 10)).hold!;
      await teams.settle(other, 10);
      await teams.settle(late, 3);
      await teams.settle(late, 3);
      await teams.release(failed);
      expect(await teams.getCredits(team)).toBe(-3);
    });

    it('files what a settle kept in the usage row it names, in the same step and once, a late settle of a reclaimed hold too', async () => {
      const team = h.id('team');
      const teams = h.store().teams;
      const slot = { period: Date.UTC(2026, 0, 1), apiKey: 'key' };
      await teams.setCredits(team, 100);
      const owner = ownerOf(h);
      const [paid, refunded, failed, late] = await Promise.all(
        [10, 10, 10, 4].map(async (most) => (await teams.reserve(team, most, owner)).hold!),
      );
      await teams.settle(paid!, 10, slot);
      await teams.settle(paid!, 10, slot);
      await teams.settle(refunded!, 3, slot);
      await teams.release(failed!);
      await h.elapse(300);
      await teams.reclaimHolds();
      await teams.settle(late!, 2, slot);
      await teams.settle(late!, 2, slot);
      expect(await teams.getCredits(team)).toBe(85);
      expect((await teams.listUsage(team)).map((row) => [row.apiKey, row.credits])).toEqual([['key', 15]]);
    });

    it('rejects an owner without an id or with a lease that is not a positive integer', async () => {
      const team = h.id('team');
      const teams = h.store().teams;
      await teams.setCredits(team, 10);
      await expect(teams.reserve(team, 1, { id: '', leaseMs: 1000 })).rejects.toThrow(RangeError);
      await expect(teams.renewHolds({ id: 'owner', leaseMs: 0 })).rejects.toThrow(RangeError);
      expect(await teams.getCredits(team)).toBe(10);
    });

    it.runIf(sharedStorage)('never takes more than the balance across two store instances (two API nodes)', async () => {
      const team = h.id('team');
      const second: Store = await makeStore({ now: h.now });
      try {
        const nodes = [h.store().teams, second.teams];
        await nodes[0]!.setCredits(team, 10);
        const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => spend(nodes[i % 2]!, team, 2, 1)));
        const charged = sum(outcomes);
        expect(charged).toBeGreaterThanOrEqual(5);
        expect(charged).toBeLessThanOrEqual(10);
        expect(await nodes[1]!.getCredits(team)).toBe(10 - charged);
        const holds = await Promise.all(Array.from({ length: 30 }, (_, i) => nodes[i % 2]!.reserve(team, 1)));
        expect(holds.filter((result) => result.ok)).toHaveLength(10 - charged);
        expect(await nodes[0]!.getCredits(team)).toBe(0);
        await Promise.all(holds.map((result, i) => (result.hold ? nodes[(i + 1) % 2]!.release(result.hold) : undefined)));
        expect(await nodes[0]!.getCredits(team)).toBe(10 - charged);
      } finally {
        await second.close();
      }
    });
  });
}
