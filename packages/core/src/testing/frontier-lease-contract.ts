import { describe, expect, it } from 'vitest';
import type { Lease } from '../ports/store.js';
import { entry } from './frontier-queue-contract.js';
import type { Harness } from './harness.js';

/** Short enough to expire in real time, long enough that a busy machine does not expire it early. */
const SHORT_LEASE_MS = 200;
/** Margin past a deadline before the suite expects the store to see it passed. */
const MARGIN_MS = 100;
const LONG_LEASE_MS = 60_000;

async function leaseOne(h: Harness, jobId: string, leaseMs = LONG_LEASE_MS): Promise<Lease> {
  const [lease] = await h.store().frontier.lease({ max: 1, leaseMs, jobId });
  if (!lease) throw new Error('expected an item to lease');
  return lease;
}

export function describeFrontierLeases(h: Harness): void {
  describe('frontier: leases', () => {
    it('never hands the same item to two concurrent leases', async () => {
      const jobId = h.id('job');
      await h.store().frontier.enqueue(
        jobId,
        Array.from({ length: 60 }, (_, i) => entry(`c${i}`)),
      );
      const batches = await Promise.all(
        Array.from({ length: 12 }, () => h.store().frontier.lease({ max: 7, leaseMs: LONG_LEASE_MS, jobId })),
      );
      const leases = batches.flat();
      expect(leases).toHaveLength(60);
      expect(new Set(leases.map((lease) => lease.item.key)).size).toBe(60);
      expect(new Set(leases.map((lease) => lease.id)).size).toBe(60);
      expect(await h.store().frontier.stats(jobId)).toEqual({ pending: 0, leased: 60, done: 0, seen: 60 });
    });

    it('respects max and hands out nothing when nothing is ready', async () => {
      const jobId = h.id('job');
      await h.store().frontier.enqueue(jobId, [entry('1'), entry('2'), entry('3')]);
      expect(await h.store().frontier.lease({ max: 2, leaseMs: LONG_LEASE_MS, jobId })).toHaveLength(2);
      expect(await h.store().frontier.lease({ max: 2, leaseMs: LONG_LEASE_MS, jobId })).toHaveLength(1);
      expect(await h.store().frontier.lease({ max: 2, leaseMs: LONG_LEASE_MS, jobId })).toEqual([]);
    });

    it('acks once: a second ack of the same lease changes nothing', async () => {
      const jobId = h.id('job');
      await h.store().frontier.enqueue(jobId, [entry('a'), entry('b')]);
      const lease = await leaseOne(h, jobId);
      expect(await h.store().frontier.ack(lease)).toBe(true);
      expect(await h.store().frontier.ack(lease)).toBe(false);
      expect(await h.store().frontier.stats(jobId)).toEqual({ pending: 1, leased: 0, done: 1, seen: 2 });
    });

    it('re-leases an item whose lease expired, with a higher attempt, and refuses the stale ack', async () => {
      const jobId = h.id('job');
      await h.store().frontier.enqueue(jobId, [entry('a')]);
      const first = await leaseOne(h, jobId, SHORT_LEASE_MS);
      expect(first.item.attempt).toBe(1);
      expect(await h.store().frontier.lease({ max: 1, leaseMs: LONG_LEASE_MS, jobId })).toEqual([]);
      await h.elapseLeases(SHORT_LEASE_MS + MARGIN_MS);
      await h.afterExpiry(async () => {
        expect(await h.store().frontier.stats(jobId)).toEqual({ pending: 1, leased: 0, done: 0, seen: 1 });
      });
      expect(await h.store().frontier.isDrained(jobId)).toBe(false);

      const second = await leaseOne(h, jobId);
      expect(second.item.key).toBe(first.item.key);
      expect(second.item.attempt).toBe(2);
      expect(second.id).not.toBe(first.id);
      expect(await h.store().frontier.ack(first)).toBe(false);
      expect(await h.store().frontier.retry(first)).toBe(false);
      expect(await h.store().frontier.stats(jobId)).toEqual({ pending: 0, leased: 1, done: 0, seen: 1 });
      expect(await h.store().frontier.ack(second)).toBe(true);
      expect(await h.store().frontier.isDrained(jobId)).toBe(true);
    });

    /** A job with one item whose only lease has passed its deadline. */
    const lapsedLease = async () => {
      const jobId = h.id('job');
      await h.store().frontier.enqueue(jobId, [entry('a')]);
      const lease = await leaseOne(h, jobId, SHORT_LEASE_MS);
      await h.elapseLeases(SHORT_LEASE_MS + MARGIN_MS);
      return { jobId, lease };
    };

    if (h.frontier.acceptsLapsedAck) {
      it('still takes the ack of an expired lease whose item nobody leased since', async () => {
        const { jobId, lease } = await lapsedLease();
        expect(await h.store().frontier.ack(lease)).toBe(true);
        expect(await h.store().frontier.lease({ max: 1, leaseMs: LONG_LEASE_MS, jobId })).toEqual([]);
        expect(await h.store().frontier.stats(jobId)).toEqual({ pending: 0, leased: 0, done: 1, seen: 1 });
      });
    } else {
      it('refuses the ack of an expired lease and hands its item out again', async () => {
        const { jobId, lease } = await lapsedLease();
        expect(await h.store().frontier.ack(lease)).toBe(false);
        let again: Lease | undefined;
        await h.afterExpiry(async () => {
          [again] = await h.store().frontier.lease({ max: 1, leaseMs: LONG_LEASE_MS, jobId });
          expect(again?.item).toMatchObject({ key: entry('a').key, attempt: 2 });
        });
        expect(await h.store().frontier.ack(lease)).toBe(false);
        expect(await h.store().frontier.ack(again as Lease)).toBe(true);
        expect(await h.store().frontier.stats(jobId)).toEqual({ pending: 0, leased: 0, done: 1, seen: 1 });
      });
    }

    it('retries an item after notBefore, letting other items pass meanwhile', async () => {
      const jobId = h.id('job');
      await h.store().frontier.enqueue(jobId, [entry('a'), entry('b')]);
      const a = await leaseOne(h, jobId);
      expect(await h.store().frontier.retry(a, { notBefore: h.leaseNow() + SHORT_LEASE_MS })).toBe(true);
      expect(await h.store().frontier.ack(a)).toBe(false);
      const meanwhile = await h.store().frontier.lease({ max: 5, leaseMs: LONG_LEASE_MS, jobId });
      expect(meanwhile.map((lease) => lease.item.key)).toEqual([entry('b').key]);
      expect(await h.store().frontier.stats(jobId)).toEqual({ pending: 1, leased: 1, done: 0, seen: 2 });
      expect(await h.store().frontier.isDrained(jobId)).toBe(false);

      await h.elapseLeases(SHORT_LEASE_MS + MARGIN_MS);
      const again = await h.store().frontier.lease({ max: 5, leaseMs: LONG_LEASE_MS, jobId });
      expect(again.map((lease) => [lease.item.key, lease.item.attempt])).toEqual([[entry('a').key, 2]]);
    });

    it(
      h.frontier.retryKeepsOrder ? 'puts a retried item back at its original place in the order' : 'puts a retried item back in the queue',
      async () => {
        const jobId = h.id('job');
        await h.store().frontier.enqueue(jobId, [entry('x'), entry('y'), entry('z')]);
        const [, y] = await h.store().frontier.lease({ max: 2, leaseMs: LONG_LEASE_MS, jobId });
        if (!y) throw new Error('expected two leases');
        expect(await h.store().frontier.retry(y)).toBe(true);
        const next = (await h.store().frontier.lease({ max: 5, leaseMs: LONG_LEASE_MS, jobId })).map((lease) => lease.item.key);
        if (h.frontier.retryKeepsOrder) expect(next).toEqual([entry('y').key, entry('z').key]);
        else expect(next.sort()).toEqual([entry('y').key, entry('z').key].sort());
      },
    );

    it('reports drained only when nothing is pending or leased', async () => {
      const jobId = h.id('job');
      const frontier = h.store().frontier;
      expect(await frontier.isDrained(jobId)).toBe(true);
      await frontier.enqueue(jobId, [entry('a'), entry('b')]);
      expect(await frontier.isDrained(jobId)).toBe(false);
      const leases = await frontier.lease({ max: 2, leaseMs: LONG_LEASE_MS, jobId });
      expect(await frontier.isDrained(jobId)).toBe(false);
      await frontier.ack(leases[0] as Lease);
      expect(await frontier.isDrained(jobId)).toBe(false);
      await frontier.ack(leases[1] as Lease);
      expect(await frontier.isDrained(jobId)).toBe(true);
      expect(await frontier.stats(jobId)).toEqual({ pending: 0, leased: 0, done: 2, seen: 2 });
    });
  });
}
