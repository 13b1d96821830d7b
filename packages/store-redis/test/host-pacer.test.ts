import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisHostPacer, createRedisStore, pacingWindow } from '../src/index.js';
import { deleteKeys, NO_REDIS_MESSAGE, REDIS_URL, redisAnswers, uniquePrefix } from './redis-server.js';

describe('pacingWindow', () => {
  it('rounds an interval to points per whole seconds, never faster than asked', () => {
    expect(pacingWindow(1000)).toEqual({ points: 1, duration: 1 });
    expect(pacingWindow(1500)).toEqual({ points: 1, duration: 2 });
    expect(pacingWindow(3000)).toEqual({ points: 1, duration: 3 });
    expect(pacingWindow(250)).toEqual({ points: 4, duration: 1 });
    expect(pacingWindow(400)).toEqual({ points: 2, duration: 1 });
  });
});

const available = await redisAnswers();
describe.skipIf(!available)(available ? 'redis host pacer' : NO_REDIS_MESSAGE, () => {
  const prefix = uniquePrefix('pacer');
  const connections: Redis[] = [];
  afterAll(async () => {
    for (const redis of connections) redis.disconnect();
    await deleteKeys(prefix);
  });

  it('spaces turns on one host across two pacers (two processes) sharing Redis', async () => {
    const [a, b] = [0, 1].map(() => {
      const redis = new Redis(REDIS_URL);
      connections.push(redis);
      return createRedisHostPacer({ redis, prefix });
    }) as [ReturnType<typeof createRedisHostPacer>, ReturnType<typeof createRedisHostPacer>];
    const started = Date.now();
    const turns: number[] = [];
    await Promise.all(
      [a, b, a, b].map(async (pacer) => {
        await pacer.waitTurn('slow.test:80', 1000);
        turns.push(Date.now() - started);
      }),
    );
    // One turn per second window: the fourth turn waits for three windows to pass.
    expect(turns.sort((x, y) => x - y)[3]).toBeGreaterThanOrEqual(2900);
  }, 15_000);

  it('paces each host on its own', async () => {
    const redis = new Redis(REDIS_URL);
    connections.push(redis);
    const pacer = createRedisHostPacer({ redis, prefix });
    await pacer.waitTurn('taken.test:80', 60_000);
    // taken.test's next turn is a minute away, past the test's timeout: another host must not wait for it.
    // (That a second turn on one host waits is the abort test's: only its abort ends that wait.)
    await pacer.waitTurn('other.test:80', 60_000);
  });

  it('rejects a wait for a turn when its signal aborts', async () => {
    const redis = new Redis(REDIS_URL);
    connections.push(redis);
    const pacer = createRedisHostPacer({ redis, prefix });
    await pacer.waitTurn('busy.test:80', 60_000);
    // The next turn is a minute away: only the abort can end this wait within the test's time.
    const controller = new AbortController();
    const waiting = pacer.waitTurn('busy.test:80', 60_000, controller.signal);
    setTimeout(() => controller.abort(), 100);
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });

  it("is the Redis store's hostPacer, so a delay holds across stores sharing Redis", async () => {
    const stores = [createRedisStore({ url: REDIS_URL, prefix }), createRedisStore({ url: REDIS_URL, prefix })];
    try {
      const started = Date.now();
      const turns = await Promise.all(
        [0, 1, 0].map(async (index) => {
          await stores[index]!.hostPacer.waitTurn('shared.test:80', 1000);
          return Date.now() - started;
        }),
      );
      expect(turns.sort((x, y) => x - y)[2]).toBeGreaterThanOrEqual(1900);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  }, 15_000);
});
