import { withOutageErrors, type Store } from '@trawl/core/ports';
import { Redis } from 'ioredis';
import { createRedisHostPacer, type HostPacer } from './host-pacer.js';
import { JobQueues } from './job-queues.js';
import { PendingAcks } from './pending-acks.js';
import { RedisFrontier } from './redis-frontier.js';
import { RedisJobRepo } from './redis-jobs.js';
import { RedisMonitorRepo } from './redis-monitors.js';
import { RedisPageMemory } from './redis-pages.js';
import { RedisResultLog } from './redis-results.js';
import { RedisTeamLedger } from './redis-teams.js';
import { redisOutage } from './outage-errors.js';
import { defineScripts } from './scripts.js';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
/** How often a process looks for lapsed leases of the jobs it works on, by default. */
export const DEFAULT_STALLED_CHECK_MS = 5_000;

export interface RedisStoreOptions {
  /** `redis://[user:password@]host:port[/db]` (default `redis://127.0.0.1:6379`). */
  url?: string;
  /** Use this connection instead of opening one from `url`; the store never closes it. */
  redis?: Redis;
  /** Starts every key, so several deployments (or test runs) can share one Redis (default `trawl`). */
  prefix?: string;
  /**
   * The clock for job expiry and rate-limit windows (default `Date.now`). Leases and retry delays
   * run on BullMQ, which uses real time: Redis key expiry and the process's clock.
   */
  now?: () => number;
  /**
   * How often each process runs BullMQ's stalled-job check on the queues of the jobs it works on
   * (default 5 s). A lapsed lease's page is pending again within about this long after the
   * lease's deadline (twice this for leases shorter than it).
   */
  stalledCheckMs?: number;
}

export interface RedisStore extends Store {
  readonly redis: Redis;
  readonly prefix: string;
  /** Spaces request starts on one host across every process sharing this Redis. */
  readonly hostPacer: HostPacer;
}

/**
 * A Store on Redis that any number of API nodes and workers share. The frontier is BullMQ (a
 * queue per job); job records, result logs, dedupe sets and the team ledger are Lua scripts, each
 * operation atomic. All processes must use the same prefix, and their clocks should agree (retry
 * delays and expiry compare epoch times).
 */
export function createRedisStore(options: RedisStoreOptions = {}): RedisStore {
  const prefix = options.prefix ?? 'trawl';
  const now = options.now ?? Date.now;
  const owned = !options.redis;
  const redis = options.redis ?? new Redis(options.url ?? DEFAULT_REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 3 });
  // Connection errors reach each caller as STORE_UNAVAILABLE (and core logs the pause); ioredis
  // would otherwise print every failed reconnect.
  if (owned) redis.on('error', () => {});
  const scripts = defineScripts(redis);
  // BullMQ gets a connection of its own, opened when the frontier is first used: its workers need
  // commands to wait out a reconnect (`maxRetriesPerRequest: null`) rather than fail.
  let bullmq: Redis | undefined;
  const bullmqConnection = () => {
    if (!bullmq) {
      bullmq = redis.duplicate({ maxRetriesPerRequest: null });
      bullmq.on('error', () => {});
    }
    return bullmq;
  };
  const queues: JobQueues = new JobQueues({
    connection: bullmqConnection,
    prefix: `${prefix}:bull`,
    stalledCheckMs: options.stalledCheckMs ?? DEFAULT_STALLED_CHECK_MS,
    onStalled: (jobId) => void frontier.noteReady(jobId).catch(() => {}),
    busy: (jobId): boolean => pendingAcks.count(jobId) > 0,
  });
  const pendingAcks = new PendingAcks((acks) => queues.completePages(acks));
  // A lost connection may have cut short the record of a page acked here: it must run again, not be completed.
  redis.on('close', () => pendingAcks.interrupted());
  const frontier = new RedisFrontier(redis, scripts, prefix, queues, pendingAcks);
  let closed = false;
  // While Redis is down or restarting, every part fails with STORE_UNAVAILABLE: core pauses and waits.
  const guard = <T extends object>(part: T): T => withOutageErrors(part, redisOutage);
  return {
    redis,
    prefix,
    jobs: guard(new RedisJobRepo(redis, scripts, prefix, now, pendingAcks, queues)),
    results: guard(new RedisResultLog(redis, scripts, prefix, pendingAcks)),
    frontier: guard(frontier),
    teams: guard(new RedisTeamLedger(redis, scripts, prefix, now)),
    pages: guard(new RedisPageMemory(redis, scripts, prefix)),
    monitors: guard(new RedisMonitorRepo(redis, scripts, prefix, now)),
    hostPacer: guard(createRedisHostPacer({ redis, prefix })),
    async close() {
      if (closed) return;
      closed = true;
      await pendingAcks.settle().catch(() => {});
      pendingAcks.stop();
      await queues.closeAll();
      if (bullmq) await bullmq.quit().catch(() => bullmq!.disconnect());
      if (owned) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
