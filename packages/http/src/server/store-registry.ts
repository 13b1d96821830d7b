/**
 * `TRAWL_STORE` settings (`memory`, `sqlite:<path>`, `redis://…`) resolved through a registry of
 * drivers: the memory store is built in, and the wiring layer (the CLI) registers the SQLite and
 * Redis adapters, so this package depends on neither.
 */
import { createMemoryStore, type Store } from '@trawl/core';

/** Opens a store from the part of the setting after the scheme (`./data.db` of `sqlite:./data.db`). */
export type StoreDriver = (target: string, setting: string) => Store | Promise<Store>;

export interface StoreRegistry {
  register(scheme: string, driver: StoreDriver): void;
  has(scheme: string): boolean;
  open(setting: string): Promise<Store>;
}

/** Which driver a setting names: `memory`, `sqlite` of `sqlite:x.db`, `redis` of `redis://host`. */
export function storeScheme(setting: string): { scheme: string; target: string } {
  const trimmed = setting.trim();
  const colon = trimmed.indexOf(':');
  if (colon === -1) return { scheme: trimmed.toLowerCase(), target: '' };
  const scheme = trimmed.slice(0, colon).toLowerCase();
  // URL-style settings (redis://, rediss://) hand the whole URL to the driver.
  const target = trimmed.slice(colon + 1).startsWith('//') ? trimmed : trimmed.slice(colon + 1);
  return { scheme, target };
}

/** Packages that provide the drivers this package knows by name, for error messages. */
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
      const { scheme, target } = storeScheme(setting);
      const driver = drivers.get(scheme);
      if (driver) return driver(target, setting);
      const adapter = KNOWN_ADAPTERS[scheme];
      throw new Error(
        adapter
          ? `TRAWL_STORE=${setting} needs the ${adapter} package, which is not available here.`
          : `TRAWL_STORE=${setting}: unknown store "${scheme}" (known: ${[...new Set([...drivers.keys(), ...Object.keys(KNOWN_ADAPTERS)])].join(', ')}).`,
      );
    },
  };
}
