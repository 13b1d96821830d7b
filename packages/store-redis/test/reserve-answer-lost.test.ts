import { afterAll, describe, expect, it } from 'vitest';
import { createRedisStore } from '../src/index.js';
import { faultyRelay } from './faulty-relay.js';
import { deleteKeys, NO_REDIS_MESSAGE, redisAnswers, uniquePrefix } from './redis-server.js';

const available = await redisAnswers();
if (!available) console.warn(NO_REDIS_MESSAGE);

describe.skipIf(!available)(available ? 'redis store: a reservation whose answer was lost' : NO_REDIS_MESSAGE, () => {
  const prefix = uniquePrefix('reserve-lost');
  afterAll(() => deleteKeys(prefix));

  it('takes the credits once when ioredis sends the reservation again after a reconnect', async () => {
    const relay = await faultyRelay();
    const store = createRedisStore({ url: relay.url, prefix });
    try {
      await store.teams.setCredits('resent', 100);
      await store.teams.release((await store.teams.reserve('resent', 1)).hold!); // loads the script
      relay.cutNextReply();
      const { hold } = await store.teams.reserve('resent', 10);
      expect(hold?.amount).toBe(10);
      expect(await store.teams.getCredits('resent')).toBe(90);
      await store.teams.settle(hold!, 3);
      expect(await store.teams.getCredits('resent')).toBe(97);
    } finally {
      await store.close();
      await relay.close();
    }
  });

  it('gives the hold back once Redis answers again when ioredis gave up on the answer', async () => {
    const relay = await faultyRelay();
    const store = createRedisStore({ url: relay.url, prefix });
    try {
      await store.teams.setCredits('lost', 100);
      await store.teams.release((await store.teams.reserve('lost', 1)).hold!);
      relay.cutNextReply();
      await relay.refuse(true);
      await expect(store.teams.reserve('lost', 10)).rejects.toThrow();
      await relay.refuse(false);
      // The reservation ran before its answer was lost: the credits are taken until the next call gives them back.
      await expect.poll(() => store.teams.getCredits('lost').catch(() => null), { timeout: 15_000 }).not.toBeNull();
      expect(await store.teams.getCredits('lost')).toBe(90);
      await store.teams.renewHolds({ id: 'owner-lost', leaseMs: 60_000 });
      expect(await store.teams.getCredits('lost')).toBe(100);
      // Once: a later call gives nothing more back.
      const next = await store.teams.reserve('lost', 5);
      await store.teams.settle(next.hold!, 5);
      expect(await store.teams.getCredits('lost')).toBe(95);
    } finally {
      await store.close();
      await relay.close();
    }
  });
});
