/**
 * Store settings (`memory`, `sqlite:<path>`, `redis://…`) resolved through a registry of drivers:
 * the memory store is built in, and whoever wires the adapters (the CLI) registers the SQLite and
 * Redis stores, so core depends on neither. Settings are parsed by `parseStoreUrl`, the one parser
 * of store URLs.
 */
import type { Store } from '../ports/store.js';
import { parseStoreUrl, type StoreUrl } from '../settings/store-url.js';
import { createMemoryStore } from './memory/index.js';

/** Opens the store a parsed setting names (`target` is `./data.db` of `sqlite:./data.db`). */
export type StoreDriver = (url: StoreUrl) => Store | Promise<Store>;

export interface StoreRegistry {
  register(scheme: string, driver: StoreDriver): void;
  has(scheme: string): boolean;
  open(setting: string | StoreUrl): Promise<Store>;
}

/** Packages that provide the drivers Trawl knows by name, for error messages. */
const KNOWN_ADAPTERS: Record<string, string> = {
  sqlite: '@trawl/store-sqlite',
  redis: '@trawl/store-redis',
  rediss: '@trawl/store-redis',
};

export function createStoreRegistry(): StoreRegistry {
  const drivers = new Map<string, StoreDriver>([['memory', () => createMemoryStore()]]);
  return {
    register(scheme, driver) {
      drivers.set(scheme.toLowerCase(), driver);
    },
    has(scheme) {
      return drivers.has(scheme.toLowerCase());
    },
    async open(setting) {
      const url = typeof setting === 'string' ? parseStoreUrl(setting) : setting;
      const driver = drivers.get(url.scheme);
      if (driver) return driver(url);
      const adapter = KNOWN_ADAPTERS[url.scheme];
      throw new Error(
        adapter
          ? `TRAWL_STORE=${url.setting} needs the ${adapter} package, which is not available here.`
          : `TRAWL_STORE=${url.setting}: unknown store "${url.scheme}" (known: ${[...new Set([...drivers.keys(), ...Object.keys(KNOWN_ADAPTERS)])].join(', ')}).`,
      );
    },
  };
}
