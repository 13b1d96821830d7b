import type { Store } from '@trawl/core';
import { Redis } from 'ioredis';
import { PendingAcks } from './pending-acks.js';
import { RedisFrontier } from './redis-frontier.js';
import { RedisJobRepo } from './redis-jobs.js';
import { RedisResultLog } from './redis-results.js';
import { RedisTeamLedger } from './redis-teams.js';
import { defineScripts } from './scripts.js';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export interface RedisStoreOptions {
  /** `redis://[user:password@]host:port[/db]` (default `redis://127.0.0.1:6379`). */
  url?: string;
  /** Use this connection instead of opening one from `url`; the store never closes it. */
  redis?: Redis;
  /** Starts every key, so several deployments (or test runs) can share one Redis (default `trawl`). */
  prefix?: string;
  /** The clock for expiry, leases, delays and rate-limit windows (default `Date.now`). */
  now?: () => number;
}

export interface RedisStore extends Store {
  readonly redis: Redis;
  readonly prefix: string;
}

/**
 * A Store on Redis that any number of API nodes and workers share: job records, result logs,
 * the frontier and the team ledger, each operation one atomic Lua script. All processes must
 * use the same prefix, and their clocks should agree (leases and expiry compare epoch times).
 */
export function createRedisStore(options: RedisStoreOptions = {}): RedisStore {
  const prefix = options.prefix ?? 'trawl';
  const now = options.now ?? Date.now;
  const owned = !options.redis;
  const redis = options.redis ?? new Redis(options.url ?? DEFAULT_REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const scripts = defineScripts(redis);
  const pendingAcks = new PendingAcks(scripts, prefix);
  let closed = false;
  return {
    redis,
    prefix,
    jobs: new RedisJobRepo(redis, scripts, prefix, now, pendingAcks),
    results: new RedisResultLog(redis, scripts, prefix, pendingAcks),
    frontier: new RedisFrontier(redis, scripts, prefix, now, pendingAcks),
    teams: new RedisTeamLedger(redis, scripts, prefix, now),
    async close() {
      if (closed) return;
      closed = true;
      await pendingAcks.settle().catch(() => {});
      if (owned) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
