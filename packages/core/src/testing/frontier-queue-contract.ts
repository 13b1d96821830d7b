import { describe, expect, it } from 'vitest';
import type { FrontierEntry, Lease } from '../ports/store.js';
import type { Harness } from './harness.js';

/** Creates a crawl job record for each [job id, team id]: the teams a lease from any job takes turns between. */
async function createTeamJobs(h: Harness, jobs: ReadonlyArray<readonly [string, string]>): Promise<void> {
  for (const [id, teamId] of jobs)
    await h.store().jobs.create({ id, kind: 'crawl', teamId, options: {}, createdAt: h.leaseNow(), expiresAt: h.leaseNow() + 3_600_000 });
}

export function entry(path: string, depth = 1, data?: unknown): FrontierEntry {
  const url = `https://f.test/${path}`;
  return { url, key: url, depth, ...(data === undefined ? {} : { data }) };
}

const LEASE_MS = 60_000;

export function describeFrontierQueue(h: Harness): void {
  describe('frontier: enqueue and order', () => {
    it('accepts each key once, within a call and across calls', async () => {
      const jobId = h.id('job');
      const frontier = h.store().frontier;
      const first = await frontier.enqueue(jobId, [entry('a'), entry('b'), { ...entry('a'), url: 'https://f.test/a?again' }]);
      expect(first).toEqual([entry('a'), entry('b')]);
      expect(await frontier.enqueue(jobId, [entry('b'), entry('c')])).toEqual([entry('c')]);
      expect(await frontier.stats(jobId)).toEqual({ pending: 3, leased: 0, done: 0, seen: 3 });
    });

    it('never accepts a key again, even after it was done', async () => {
      const jobId = h.id('job');
      const frontier = h.store().frontier;
      await frontier.enqueue(jobId, [entry('a')]);
      const [lease] = await frontier.lease({ max: 1, leaseMs: LEASE_MS, jobId });
      expect(lease && (await frontier.ack(lease))).toBe(true);
      expect(await frontier.enqueue(jobId, [entry('a')])).toEqual([]);
      expect(await frontier.stats(jobId)).toEqual({ pending: 0, leased: 0, done: 1, seen: 1 });
    });

    it('dedupes concurrent enqueues of the same keys', async () => {
      const jobId = h.id('job');
      const entries = Array.from({ length: 20 }, (_, i) => entry(`p${i}`));
      const results = await Promise.all(Array.from({ length: 10 }, () => h.store().frontier.enqueue(jobId, entries)));
      const accepted = results.flat().map((e) => e.key);
      expect(accepted).toHaveLength(20);
      expect(new Set(accepted).size).toBe(20);
    });

    it('hands out items first in, first out, and carries their fields', async () => {
      const jobId = h.id('job');
      const frontier = h.store().frontier;
      await frontier.enqueue(jobId, [entry('1', 0, { referrer: null }), entry('2', 1, { referrer: 'https://f.test/1', tags: ['x'] })]);
      await frontier.enqueue(jobId, [entry('3', 2), entry('4', 2), entry('5', 3)]);
      const first = await frontier.lease({ max: 2, leaseMs: LEASE_MS, jobId });
      expect(first.map((lease) => lease.item)).toEqual([
        { ...entry('1', 0, { referrer: null }), attempt: 1 },
        { ...entry('2', 1, { referrer: 'https://f.test/1', tags: ['x'] }), attempt: 1 },
      ]);
      expect(first.every((lease) => lease.jobId === jobId && lease.deadline >= h.leaseNow() + LEASE_MS - 1000)).toBe(true);
      const rest = await frontier.lease({ max: 10, leaseMs: LEASE_MS, jobId });
      expect(rest.map((lease) => lease.item.key)).toEqual(['3', '4', '5'].map((p) => entry(p).key));
      expect(await frontier.lease({ max: 10, leaseMs: LEASE_MS, jobId })).toEqual([]);
    });

    it("keeps jobs apart, and leases from any job in each job's order", async () => {
      const [a, b] = [h.id('job'), h.id('job')];
      const frontier = h.store().frontier;
      await frontier.enqueue(a, [entry('1'), entry('2')]);
      await frontier.enqueue(b, [entry('1'), entry('x')]);
      await frontier.enqueue(a, [entry('3')]);
      const onlyB = await frontier.lease({ max: 10, leaseMs: LEASE_MS, jobId: b });
      expect(onlyB.map((lease) => [lease.jobId, lease.item.key])).toEqual([
        [b, entry('1').key],
        [b, entry('x').key],
      ]);
      await frontier.enqueue(b, [entry('y')]);
      // Leases from any job may also return other tests' items when storage is shared.
      const mine: Lease[] = [];
      while (mine.length < 4) {
        const batch = await frontier.lease({ max: 50, leaseMs: LEASE_MS });
        if (batch.length === 0) break;
        mine.push(...batch.filter((lease) => lease.jobId === a || lease.jobId === b));
      }
      expect(mine.filter((lease) => lease.jobId === a).map((lease) => lease.item.key)).toEqual(['1', '2', '3'].map((p) => entry(p).key));
      expect(mine.filter((lease) => lease.jobId === b).map((lease) => lease.item.key)).toEqual([entry('y').key]);
      expect(await frontier.lease({ max: 10, leaseMs: LEASE_MS, jobId: h.id('unknown') })).toEqual([]);
    });

    it("leases from any job serve teams in turn, then each team's jobs, not first come", async () => {
      const frontier = h.store().frontier;
      const [big, small] = [h.id('team'), h.id('team')];
      const [d1, d2, c] = [h.id('job'), h.id('job'), h.id('job')];
      await createTeamJobs(h, [
        [d1, big],
        [d2, big],
        [c, small],
      ]);
      // Team D's two jobs queue twelve pages before team C's job queues three.
      await frontier.enqueue(
        d1,
        Array.from({ length: 6 }, (_, i) => entry(`d1-${i}`)),
      );
      await frontier.enqueue(
        d2,
        Array.from({ length: 6 }, (_, i) => entry(`d2-${i}`)),
      );
      await frontier.enqueue(c, [entry('c-0'), entry('c-1'), entry('c-2')]);
      const mine: string[] = [];
      for (let calls = 0; mine.length < 15 && calls < 1000; calls++) {
        const batch = await frontier.lease({ max: 1, leaseMs: LEASE_MS });
        if (batch.length === 0) break;
        for (const lease of batch)
          if ([d1, d2, c].includes(lease.jobId)) mine.push(lease.jobId === c ? 'c' : lease.jobId === d1 ? 'd1' : 'd2');
      }
      // C's pages go every other turn (first come, first served would hand them out 13th to 15th)
      // and D's turns alternate between its jobs.
      expect(mine.slice(0, 6).filter((job) => job === 'c')).toHaveLength(3);
      expect(
        mine
          .slice(0, 4)
          .filter((job) => job !== 'c')
          .sort(),
      ).toEqual(['d1', 'd2']);
      expect(mine).toHaveLength(15);
    });

    it("hands out at most teamRoom(team) pages of a team in a lease from any job (a worker's per-team slots)", async () => {
      const frontier = h.store().frontier;
      const [big, small] = [h.id('team'), h.id('team')];
      const [d, c] = [h.id('job'), h.id('job')];
      await createTeamJobs(h, [
        [d, big],
        [c, small],
      ]);
      await frontier.enqueue(
        d,
        Array.from({ length: 8 }, (_, i) => entry(`d-${i}`)),
      );
      await frontier.enqueue(c, [entry('c-0')]);
      // Other tests' teams sharing the storage get no room, so the lease is this test's alone.
      const room = (teamId: string) => (teamId === big ? 2 : teamId === small ? 5 : 0);
      const leases = await frontier.lease({ max: 8, leaseMs: LEASE_MS, teamRoom: room });
      expect(leases.filter((lease) => lease.jobId === d)).toHaveLength(2);
      expect(leases.filter((lease) => lease.jobId === c)).toHaveLength(1);
      expect(leases).toHaveLength(3);
      // A team with no room gets nothing; a lease without teamRoom is unbounded.
      expect(await frontier.lease({ max: 8, leaseMs: LEASE_MS, teamRoom: () => 0 })).toEqual([]);
      const rest = await frontier.lease({ max: 8, leaseMs: LEASE_MS });
      expect(rest.filter((lease) => lease.jobId === d)).toHaveLength(6);
    });

    it('stops accepting at the limit of distinct keys accepted with it', async () => {
      const jobId = h.id('job');
      const frontier = h.store().frontier;
      const accepted = await frontier.enqueue(jobId, [entry('1'), entry('1'), entry('2'), entry('3'), entry('4')], { limit: 3 });
      expect(accepted).toEqual([entry('1'), entry('2'), entry('3')]);
      const leases = await frontier.lease({ max: 3, leaseMs: LEASE_MS, jobId });
      for (const lease of leases) await frontier.ack(lease);
      expect(await frontier.enqueue(jobId, [entry('5')], { limit: 3 })).toEqual([]);
      expect(await frontier.enqueue(jobId, [entry('5')], { limit: 4 })).toEqual([entry('5')]);
      expect((await frontier.stats(jobId)).seen).toBe(4);
    });

    it('counts against the limit only keys accepted with one, and gives a freed place back', async () => {
      const jobId = h.id('job');
      const frontier = h.store().frontier;
      // A kickoff and a claimed redirect target are accepted without a limit: they hold no place.
      expect(await frontier.enqueue(jobId, [entry('kickoff'), entry('claimed')])).toHaveLength(2);
      expect(await frontier.enqueue(jobId, [entry('1'), entry('2'), entry('3')], { limit: 2 })).toEqual([entry('1'), entry('2')]);
      expect(await frontier.enqueue(jobId, [entry('claimed'), entry('3')], { limit: 2 })).toEqual([]);
      await frontier.freePlace(jobId);
      expect(await frontier.enqueue(jobId, [entry('3'), entry('4')], { limit: 2 })).toEqual([entry('3')]);
      expect((await frontier.stats(jobId)).seen).toBe(5);
      // Never below nothing: freeing more places than were taken frees only those taken.
      const other = h.id('job');
      await frontier.freePlace(other);
      await frontier.enqueue(other, [entry('a')], { limit: 1 });
      await frontier.freePlace(other);
      await frontier.freePlace(other);
      expect(await frontier.enqueue(other, [entry('b'), entry('c')], { limit: 1 })).toEqual([entry('b')]);
    });

    it('keeps the limit exact under concurrent enqueues', async () => {
      const jobId = h.id('job');
      const pool = Array.from({ length: 100 }, (_, i) => entry(`l${i}`));
      const calls = Array.from({ length: 20 }, (_, c) =>
        Array.from({ length: 10 }, (_, i) => pool[(c * 7 + i * 3) % 100] as FrontierEntry),
      );
      const results = await Promise.all(calls.map((entries) => h.store().frontier.enqueue(jobId, entries, { limit: 37 })));
      const accepted = results.flat().map((e) => e.key);
      expect(accepted).toHaveLength(37);
      expect(new Set(accepted).size).toBe(37);
      expect(await h.store().frontier.stats(jobId)).toEqual({ pending: 37, leased: 0, done: 0, seen: 37 });
    });
  });
}
