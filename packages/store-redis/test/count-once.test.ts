import { afterAll, describe, expect, it } from 'vitest';
import { createRedisStore } from '../src/index.js';
import { defineScripts } from '../src/scripts.js';
import { deleteKeys, NO_REDIS_MESSAGE, REDIS_URL, redisAnswers, uniquePrefix } from './redis-server.js';

const available = await redisAnswers();
if (!available) console.warn(NO_REDIS_MESSAGE);

/**
 * A page's count names the page and marks it counted in the same script. The script run again
 * for the same page (ioredis resends a command whose answer a dropped connection lost; a holder
 * of a lapsed lease counts a page another holder counted) must not count it twice.
 */
describe.skipIf(!available)(available ? 'redis store: a page counted twice' : NO_REDIS_MESSAGE, () => {
  const prefix = uniquePrefix('count-once');
  afterAll(() => deleteKeys(prefix));

  it('counts it once, and still counts a count that names no page', async () => {
    const store = createRedisStore({ url: REDIS_URL, prefix });
    try {
      const now = Date.now();
      await store.jobs.create({ id: 'job', kind: 'crawl', teamId: 'team', options: {}, createdAt: now, expiresAt: now + 3_600_000 });
      const scripts = defineScripts(store.redis);
      const countPage = () => scripts.incrementJob(prefix, 'job', Date.now(), 1, 'completed', 1, 'page-key');
      await countPage();
      await countPage();
      expect((await store.jobs.get('job'))?.counters.completed).toBe(1);
      await store.jobs.increment('job', { completed: 1 });
      await store.jobs.increment('job', { completed: 1 });
      expect((await store.jobs.get('job'))?.counters.completed).toBe(3);
    } finally {
      await store.close();
    }
  });
});
