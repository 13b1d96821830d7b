import { createStoreRegistry, type StoreRegistry } from '@trawl/core';
import type { Store } from '@trawl/core/ports';
import type { StoreUrl } from '@trawl/core/settings';

/**
 * Opens the store a setting names (`--store`, `TRAWL_STORE`), parsed by core's one store-URL
 * parser and opened through core's store registry, with the CLI's drivers registered:
 * - `memory`: this process only, lost on exit;
 * - `sqlite:<path>` (e.g. `sqlite:./.trawl/trawl.db`, `sqlite:/var/lib/trawl.db`): one durable file;
 * - `redis://…` or `rediss://…`: shared by every process on that Redis; `?prefix=` picks the key
 *   prefix (default `trawl`) so deployments can share a Redis.
 * Adapter packages load only when named. A Redis store is pinged, so a wrong URL fails here.
 */
export function openStore(url: string | StoreUrl): Promise<Store> {
  return cliStores().open(url);
}

function cliStores(): StoreRegistry {
  const registry = createStoreRegistry();
  registry.register('sqlite', async ({ target }) => {
    const { createSqliteStore } = await import('@trawl/store-sqlite');
    return createSqliteStore({ path: target });
  });
  const redis = async ({ target, prefix }: StoreUrl) => {
    const { createRedisStore } = await import('@trawl/store-redis');
    const store = createRedisStore({ url: target, ...(prefix ? { prefix } : {}) });
    try {
      await store.redis.ping();
    } catch (error) {
      await store.close();
      throw new Error(`Redis at ${new URL(target).host} did not answer: ${error instanceof Error ? error.message : String(error)}`);
    }
    return store;
  };
  registry.register('redis', redis);
  registry.register('rediss', redis);
  return registry;
}
