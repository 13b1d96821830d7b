import { randomUUID } from 'node:crypto';
import type { DocumentEntry, FrontierEntry, Lease } from '@trawl/core/ports';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createRedisStore, type RedisStore } from '../src/index.js';
import { defineScripts } from '../src/scripts.js';
import { deleteKeys, keysMatching, NO_REDIS_MESSAGE, REDIS_URL, redisAnswers, uniquePrefix } from './redis-server.js';

const available = await redisAnswers();

function page(path: string): FrontierEntry {
  const url = `https://q.test/${path}`;
  return { url, key: url, depth: 1 };
}

function documentOf(entry: FrontierEntry): DocumentEntry {
  return {
    kind: 'document',
    url: entry.url,
    document: { markdown: `# ${entry.url}`, metadata: { sourceURL: entry.url, url: entry.url, statusCode: 200 } },
  };
}

describe.skipIf(!available)(available ? 'the frontier on BullMQ' : NO_REDIS_MESSAGE, () => {
  const prefix = uniquePrefix('bullmq');
  const opened: Array<{ close(): Promise<unknown> }> = [];
  const redis = available ? new Redis(REDIS_URL) : undefined;

  function store(): RedisStore {
    const created = createRedisStore({ url: REDIS_URL, prefix, stalledCheckMs: 100 });
    opened.push(created);
    return created;
  }

  const keysLike = (pattern: string) => keysMatching(redis!, pattern);

  /** Waits for the page of a lapsed lease to be handed out again (BullMQ's stalled-job check), and leases it. */
  function leaseAgain(trawl: RedisStore, jobId: string): Promise<Lease> {
    return vi.waitFor(
      async () => {
        const [lease] = await trawl.frontier.lease({ max: 1, leaseMs: 60_000, jobId });
        if (!lease) throw new Error('not handed out again yet');
        return lease;
      },
      { timeout: 5_000, interval: 50 },
    );
  }

  async function newJob(trawl: RedisStore): Promise<string> {
    const id = `job-${randomUUID()}`;
    const now = Date.now();
    await trawl.jobs.create({ id, kind: 'crawl', teamId: 'team', options: {}, createdAt: now, expiresAt: now + 3_600_000 });
    return id;
  }

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((opened) => opened.close()));
  });
  afterAll(async () => {
    redis?.disconnect();
    await deleteKeys(prefix);
  });

  it('keeps each job in a BullMQ queue of its own, and deletes the queue with the job', async () => {
    const trawl = store();
    const id = await newJob(trawl);
    await trawl.frontier.enqueue(id, [page('a'), page('b'), page('c')]);
    const [leased] = await trawl.frontier.lease({ max: 1, leaseMs: 60_000, jobId: id });
    expect(leased && (await trawl.frontier.ack(leased))).toBe(true);

    const connection = redis!.duplicate({ maxRetriesPerRequest: null });
    const queue = new Queue(encodeURIComponent(id), { connection, prefix: `${prefix}:bull` });
    opened.push({ close: () => queue.close().then(() => connection.disconnect()) });
    expect(await queue.getJobCounts('waiting', 'active')).toEqual({ waiting: 2, active: 1 });
    expect(await keysLike(`${prefix}:bull:${encodeURIComponent(id)}:*`)).not.toEqual([]);

    expect(await trawl.jobs.delete(id)).toBe(true);
    expect(await keysLike(`${prefix}:bull:${encodeURIComponent(id)}:*`)).toEqual([]);
    expect(await keysLike(`${prefix}:f:${id}:*`)).toEqual([]);
  });

  it('adds the pages an enqueuer accepted and then died before adding', async () => {
    const id = `job-${randomUUID()}`;
    // What a process killed between accepting a page and adding it to BullMQ leaves behind, a minute ago.
    await defineScripts(redis!).accept(prefix, id, '', Date.now() - 60_000, page('lost').key, JSON.stringify(page('lost')));
    const trawl = store();
    expect(await trawl.frontier.stats(id)).toEqual({ pending: 1, leased: 0, done: 0, seen: 1 });
    const leases = await trawl.frontier.lease({ max: 5, leaseMs: 60_000, jobId: id });
    expect(leases.map((lease) => lease.item)).toEqual([{ ...page('lost'), attempt: 1 }]);
    expect(await trawl.frontier.enqueue(id, [page('lost')])).toEqual([]);
  });

  it('hands out again a page whose holder died between recording and counting it, and records and counts it once', async () => {
    const trawl = store();
    const id = await newJob(trawl);
    await trawl.frontier.enqueue(id, [page('p')]);
    const [first] = await trawl.frontier.lease({ max: 1, leaseMs: 200, jobId: id });
    if (!first) throw new Error('expected a lease');
    // The holder's append script ran (result and mark in one step); then it died, its lease lapsing.
    await trawl.results.append(id, [documentOf(page('p'))]);
    await redis!.hset(`${prefix}:f:${id}:recorded`, page('p').key, 'appended');

    const second = await leaseAgain(trawl, id);
    expect(second.item.attempt).toBe(2);
    expect(await trawl.frontier.ack(second)).toBe(true);
    await trawl.results.append(id, [documentOf(page('p'))]);
    expect(await trawl.jobs.increment(id, { completed: 1 })).toMatchObject({ counters: { completed: 1 } });

    expect(await trawl.results.count(id)).toBe(1);
    expect(await redis!.hget(`${prefix}:f:${id}:recorded`, page('p').key)).toBe('counted');
    await vi.waitFor(async () => expect(await trawl.frontier.stats(id)).toEqual({ pending: 0, leased: 0, done: 1, seen: 1 }), {
      timeout: 5_000,
    });
  });

  it('refuses the ack of a page a dead holder recorded and counted, and completes it', async () => {
    const trawl = store();
    const id = await newJob(trawl);
    await trawl.frontier.enqueue(id, [page('q')]);
    await trawl.frontier.lease({ max: 1, leaseMs: 200, jobId: id });
    // The holder recorded and counted the page, then died before BullMQ completed it.
    await redis!.hset(`${prefix}:f:${id}:recorded`, page('q').key, 'counted');

    const again = await leaseAgain(trawl, id);
    expect(await trawl.frontier.ack(again)).toBe(false);
    expect(await trawl.frontier.stats(id)).toEqual({ pending: 0, leased: 0, done: 1, seen: 1 });
    expect(await trawl.frontier.isDrained(id)).toBe(true);
  });

  it('leases across jobs from the live ones, oldest first, and forgets a job once all its pages are done', async () => {
    const trawl = store();
    const [older, newer] = [await newJob(trawl), await newJob(trawl)];
    await trawl.frontier.enqueue(older, [page('1')]);
    await new Promise((resolve) => setTimeout(resolve, 5)); // a later first enqueue, to the millisecond
    await trawl.frontier.enqueue(newer, [page('1')]);
    const live = () => redis!.zrange(`${prefix}:f:live`, '0', '-1');
    expect(await live()).toEqual(expect.arrayContaining([older, newer]));

    const mine = async () =>
      (await trawl.frontier.lease({ max: 10, leaseMs: 60_000 })).filter((lease) => lease.jobId === older || lease.jobId === newer);
    const leases = await mine();
    expect(leases.map((lease) => lease.jobId)).toEqual([older, newer]);
    for (const lease of leases) {
      expect(await trawl.frontier.ack(lease)).toBe(true);
      await trawl.results.append(lease.jobId, [documentOf(page('1'))]);
      await trawl.jobs.increment(lease.jobId, { completed: 1 });
    }
    await vi.waitFor(
      async () => {
        await mine();
        expect(await live()).not.toEqual(expect.arrayContaining([older]));
        expect(await live()).not.toEqual(expect.arrayContaining([newer]));
      },
      { timeout: 10_000, interval: 100 },
    );
  });
});
