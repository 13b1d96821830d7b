import { setTimeout as sleep } from 'node:timers/promises';
import type { HostPacer } from '@trawl/core/ports';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export type { HostPacer };

/**
 * rate-limiter-flexible counts in whole seconds, so an interval becomes "points per duration",
 * rounded toward the slower side: 1.5 s is one request per 2 s, 250 ms is four per second.
 */
export function pacingWindow(intervalMs: number): { points: number; duration: number } {
  if (intervalMs >= 1000) {
    const duration = Math.ceil(intervalMs / 1000);
    return { points: Math.max(1, Math.floor((duration * 1000) / intervalMs)), duration };
  }
  return { points: Math.max(1, Math.floor(1000 / intervalMs)), duration: 1 };
}

/**
 * A per-host pacer on Redis (rate-limiter-flexible's RateLimiterRedis), so that a crawl delay or
 * robots.txt Crawl-delay holds for a site however many workers crawl it. The Redis store exposes
 * one as `store.hostPacer`, which core's host scheduler calls before each request start.
 */
export function createRedisHostPacer(options: { redis: Redis; prefix?: string }): HostPacer {
  const limiters = new Map<string, RateLimiterRedis>();
  const limiterFor = (intervalMs: number) => {
    const { points, duration } = pacingWindow(intervalMs);
    const id = `${points}/${duration}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: options.redis,
        keyPrefix: `${options.prefix ?? 'trawl'}:pace:${id}`,
        points,
        duration,
      });
      limiters.set(id, limiter);
    }
    return limiter;
  };
  return {
    async waitTurn(host, intervalMs, signal) {
      if (intervalMs <= 0) return;
      const limiter = limiterFor(intervalMs);
      for (;;) {
        signal?.throwIfAborted();
        try {
          await limiter.consume(host);
          return;
        } catch (refusal) {
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
          await sleep(Math.max(10, refusal.msBeforeNext), undefined, signal ? { signal } : {});
        }
      }
    },
  };
}
