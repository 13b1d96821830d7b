import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisStore } from '../src/index.js';
import { faultyRelay } from './faulty-relay.js';
import { deleteKeys, NO_REDIS_MESSAGE, redisAnswers, uniquePrefix } from './redis-server.js';

const available = await redisAnswers();
if (!available) console.warn(NO_REDIS_MESSAGE);

/**
 * ioredis sends a command again after a reconnect when the connection broke before its answer
 * came; Redis ran it already. Each write below loses its answer once (the relay drops the
 * connection as the reply arrives) and must still take effect once and answer as a first run.
 */
describe.skipIf(!available)(available ? 'redis store: writes whose answer was lost' : NO_REDIS_MESSAGE, () => {
  const prefix = uniquePrefix('answer-lost');
  afterAll(() => deleteKeys(prefix));

  async function withRelay(test: (store: ReturnType<typeof createRedisStore>, cutNextReply: () => void) => Promise<void>) {
    const relay = await faultyRelay();
    const store = createRedisStore({ url: relay.url, prefix });
    try {
      await test(store, relay.cutNextReply);
    } finally {
      await store.close();
      await relay.close();
    }
  }

  const newJob = () => ({
    id: randomUUID(),
    kind: 'crawl' as const,
    teamId: 'team-a',
    options: { limit: 10 },
    createdAt: Date.now(),
    expiresAt: Date.now() + 60_000,
  });

  it('creates a job once and answers with its record, not "id taken"', async () => {
    await withRelay(async (store, cutNextReply) => {
      await store.jobs.create(newJob()); // loads the script
      const job = newJob();
      cutNextReply();
      const created = await store.jobs.create(job);
      expect(created).toMatchObject({ id: job.id, status: 'scraping', teamId: 'team-a' });
      expect(
        (await store.jobs.listByTeam({ teamId: 'team-a', kind: 'crawl', limit: 10 })).filter((listed) => listed.id === job.id),
      ).toHaveLength(1);
    });
  });

  it('adds a counter once', async () => {
    await withRelay(async (store, cutNextReply) => {
      const job = newJob();
      await store.jobs.create(job);
      await store.jobs.increment(job.id, { total: 1 });
      cutNextReply();
      const counted = await store.jobs.increment(job.id, { total: 5, creditsUsed: 2 });
      expect(counted?.counters).toMatchObject({ total: 6, creditsUsed: 2 });
      expect((await store.jobs.get(job.id))?.counters).toMatchObject({ total: 6, creditsUsed: 2 });
    });
  });

  it('answers a status change with the changed record, not a lost compare-and-set', async () => {
    await withRelay(async (store, cutNextReply) => {
      const job = newJob();
      await store.jobs.create(job);
      await store.jobs.saveOutput(job.id, { loaded: true }); // a write of its own, then the cut one
      cutNextReply();
      const completed = await store.jobs.setStatus(job.id, 'scraping', 'completed', { output: { pages: 3 } });
      expect(completed).toMatchObject({ id: job.id, status: 'completed', output: { pages: 3 } });
      // A real compare-and-set that lost still answers nil.
      expect(await store.jobs.setStatus(job.id, 'scraping', 'failed')).toBeNull();
    });
  });

  it('counts a rate-limited request once', async () => {
    await withRelay(async (store, cutNextReply) => {
      const key = randomUUID();
      expect((await store.teams.hit(key, 3, 60_000)).remaining).toBe(2);
      cutNextReply();
      expect(await store.teams.hit(key, 3, 60_000)).toMatchObject({ allowed: true, remaining: 1 });
      expect(await store.teams.hit(key, 3, 60_000)).toMatchObject({ allowed: true, remaining: 0 });
    });
  });
});
