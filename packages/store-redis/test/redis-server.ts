import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when a Redis answers PING at REDIS_URL within a second. */
export async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

export const NO_REDIS_MESSAGE = `No Redis answered at ${REDIS_URL} (set REDIS_URL): the Redis store tests are skipped.`;

/** A key prefix no other test run uses. */
export function uniquePrefix(name: string): string {
  return `trawl-test-${name}-${randomUUID()}`;
}

/** Every key matching `pattern` (SCAN, so a large Redis is not blocked). */
export async function keysMatching(redis: Redis, pattern: string): Promise<string[]> {
  const found: string[] = [];
  for await (const keys of redis.scanStream({ match: pattern, count: 1000 })) found.push(...(keys as string[]));
  return found;
}

/** Deletes every key under the prefix. */
export async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    const keys = await keysMatching(redis, `${prefix}:*`);
    for (let start = 0; start < keys.length; start += 1000) await redis.unlink(...keys.slice(start, start + 1000));
  } finally {
    redis.disconnect();
  }
}

/** Starts a v1 crawl through an API node; resolves its id. */
export async function postCrawl(api: string, body: Record<string, unknown>): Promise<string> {
  const started = await fetch(`${api}/v1/crawl`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (started.status !== 200) throw new Error(`POST /v1/crawl answered ${started.status}: ${await started.text()}`);
  return ((await started.json()) as { id: string }).id;
}
