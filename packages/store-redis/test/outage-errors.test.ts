import { isStoreOutage } from '@trawl/core/server';
import { isTrawlError } from '@trawl/core';
import { describe, expect, it } from 'vitest';
import { createRedisStore } from '../src/index.js';
import { freePort } from './private-redis.js';

describe('the Redis store with no Redis to talk to', () => {
  it('fails each call with STORE_UNAVAILABLE, the outage core waits out, and other failures unchanged', async () => {
    const store = createRedisStore({ url: `redis://127.0.0.1:${await freePort()}`, prefix: 'unreachable' });
    try {
      const failure = await store.jobs.get('some-job').catch((error: unknown) => error);
      expect(isStoreOutage(failure)).toBe(true);
      expect(isTrawlError(failure) && failure.code).toBe('STORE_UNAVAILABLE');
      expect(isTrawlError(failure) && failure.status).toBe(503);
      const ledger = await store.teams.hit('rate:status:t', 10, 60_000).catch((error: unknown) => error);
      expect(isStoreOutage(ledger)).toBe(true);
      // A bad argument is a bug, not an outage: it keeps its own error.
      const bad = await store.frontier.lease({ max: 0, leaseMs: 1000 }).catch((error: unknown) => error);
      expect(bad).toBeInstanceOf(RangeError);
      expect(isStoreOutage(bad)).toBe(false);
    } finally {
      await store.close();
    }
  }, 30_000);
});
