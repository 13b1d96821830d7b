import { createMemoryStore, type Store } from '@trawl/core';
import { DEFAULT_STORE_URL, STORE_URL_FORMS } from './store-url.js';

/**
 * Opens the store a URL names:
 * - `memory`: this process only, lost on exit;
 * - `sqlite:<path>` (e.g. `sqlite:./.trawl/trawl.db`, `sqlite:/var/lib/trawl.db`): one durable file;
 * - `redis://…` or `rediss://…`: shared by every process on that Redis; `?prefix=` picks the key
 *   prefix (default `trawl`) so deployments can share a Redis.
 * Adapter packages load only when named. A Redis store is pinged, so a wrong URL fails here.
 */
export async function storeFromUrl(url: string): Promise<Store> {
  const spec = url.trim();
  if (spec === 'memory') return createMemoryStore();
  if (spec.startsWith('sqlite:')) {
    const path = spec.slice('sqlite:'.length).replace(/^\/\/(?=\/|\.)/, '');
    if (!path) throw new Error(`The store "${url}" names no file: write sqlite:<path>, e.g. ${DEFAULT_STORE_URL}`);
    const { createSqliteStore } = await import('@trawl/store-sqlite');
    return createSqliteStore({ path });
  }
  if (spec.startsWith('redis://') || spec.startsWith('rediss://')) {
    const parsed = new URL(spec);
    const prefix = parsed.searchParams.get('prefix') ?? undefined;
    parsed.searchParams.delete('prefix');
    const { createRedisStore } = await import('@trawl/store-redis');
    const store = createRedisStore({ url: parsed.href, ...(prefix ? { prefix } : {}) });
    try {
      await store.redis.ping();
    } catch (error) {
      await store.close();
      throw new Error(`Redis at ${parsed.host} did not answer: ${error instanceof Error ? error.message : String(error)}`);
    }
    return store;
  }
  throw new Error(`Unknown store "${url}": use ${STORE_URL_FORMS}`);
}
