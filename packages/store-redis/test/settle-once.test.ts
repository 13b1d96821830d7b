import { afterAll, describe, expect, it } from 'vitest';
import { createRedisStore } from '../src/index.js';
import { deleteKeys, NO_REDIS_MESSAGE, REDIS_URL, redisAnswers, uniquePrefix } from './redis-server.js';

const available = await redisAnswers();
if (!available) console.warn(NO_REDIS_MESSAGE);

/**
 * A settlement kept through an outage is tried again (core's pending-settlements); when the first
 * try reached Redis and only its answer was lost, the second must give nothing more back.
 */
describe.skipIf(!available)(available ? 'redis store: a hold settled twice' : NO_REDIS_MESSAGE, () => {
  const prefix = uniquePrefix('settle-once');
  afterAll(() => deleteKeys(prefix));

  it('gives the hold back once', async () => {
    const store = createRedisStore({ url: REDIS_URL, prefix });
    try {
      await store.teams.setCredits('team', 100);
      const { hold } = await store.teams.reserve('team', 10);
      expect(hold?.id).toEqual(expect.any(String));
      await store.teams.settle(hold!, 3);
      await store.teams.settle(hold!, 3);
      await store.teams.release(hold!);
      expect(await store.teams.getCredits('team')).toBe(97);
      // Another hold is its own.
      const other = await store.teams.reserve('team', 10);
      await store.teams.release(other.hold!);
      expect(await store.teams.getCredits('team')).toBe(97);
    } finally {
      await store.close();
    }
  });
});
