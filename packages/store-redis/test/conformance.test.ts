import { afterAll, describe, it } from 'vitest';
import { testStore } from '@trawl/core/testing';
import { createRedisStore } from '../src/index.js';
import { deleteKeys, NO_REDIS_MESSAGE, REDIS_URL, redisAnswers, uniquePrefix } from './redis-server.js';

const available = await redisAnswers();

if (!available) {
  console.warn(NO_REDIS_MESSAGE);
  describe.skip(NO_REDIS_MESSAGE, () => it('needs Redis', () => {}));
} else {
  // Every store of one suite shares one prefix, as processes of one deployment do.
  const clocked = uniquePrefix('clocked');
  const realTime = uniquePrefix('real-time');
  afterAll(async () => {
    await deleteKeys(clocked);
    await deleteKeys(realTime);
  });
  testStore(({ now }) => createRedisStore({ url: REDIS_URL, prefix: clocked, now }), { name: 'redis store (injected clock)', usesClock: true });
  testStore(() => createRedisStore({ url: REDIS_URL, prefix: realTime }), { name: 'redis store (real time)' });
}
