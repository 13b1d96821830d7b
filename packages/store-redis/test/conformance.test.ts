import { afterAll, describe, it } from 'vitest';
import { testStore, type TestStoreOptions } from '@trawl/core/testing';
import { createRedisStore } from '../src/index.js';
import { deleteKeys, NO_REDIS_MESSAGE, REDIS_URL, redisAnswers, uniquePrefix } from './redis-server.js';

const available = await redisAnswers();

/** Lapsed leases are found by BullMQ's stalled-job check; the suite's 200 ms leases want a quick one. */
const STALLED_CHECK_MS = 100;

/** What the BullMQ frontier offers where the contract allows a choice (docs/operations.md explains each). */
const frontier: TestStoreOptions['frontier'] = {
  acceptsLapsedAck: false,
  retryKeepsOrder: false,
  // Two check intervals after the deadline at most, with room for a busy machine.
  maxExpiryRecoveryMs: 3000,
};

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
  // The injected clock drives job expiry and rate limits; leases run on BullMQ in real time.
  testStore(({ now }) => createRedisStore({ url: REDIS_URL, prefix: clocked, now, stalledCheckMs: STALLED_CHECK_MS }), {
    name: 'redis store (injected clock)',
    usesClock: true,
    sharedStorage: true,
    frontier: { ...frontier, realTimeLeases: true },
  });
  testStore(() => createRedisStore({ url: REDIS_URL, prefix: realTime, stalledCheckMs: STALLED_CHECK_MS }), {
    name: 'redis store (real time)',
    frontier,
    sharedStorage: true,
  });
}
