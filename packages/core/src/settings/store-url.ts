/**
 * Store URLs (`TRAWL_STORE`, `--store`): the one parser every process and the store registry use.
 */
import { TrawlError } from '../errors.js';
import type { SettingType } from './types.js';

/** The store of `trawl serve`, `trawl worker` and `pnpm start` when none is named: a SQLite file in the working directory. */
export const DEFAULT_STORE_URL = 'sqlite:./.trawl/trawl.db';

/** What `--store` and `TRAWL_STORE` accept, for help texts and error messages. */
export const STORE_URL_FORMS = 'memory | sqlite:<path> | redis://[user:password@]host:port[/db][?prefix=name]';

/** Schemes the CLI opens: the memory store, @trawl/store-sqlite, @trawl/store-redis. */
export const STORE_SCHEMES = ['memory', 'sqlite', 'redis', 'rediss'] as const;

export interface StoreUrl {
  /** `memory`, `sqlite`, `redis`, `rediss`, or a scheme an embedder registered with a store registry. */
  scheme: string;
  /**
   * What the driver opens: nothing for `memory`, the file of `sqlite:<file>`, the whole URL of
   * `redis://…` (without its `prefix` parameter), what follows `scheme:` otherwise.
   */
  target: string;
  /** `?prefix=` of a Redis URL: the key prefix (default `trawl`), so deployments can share a Redis. */
  prefix?: string;
  /** The setting as written, for messages. */
  setting: string;
}

/**
 * Splits a store setting into scheme and target, and checks the forms Trawl's own stores take:
 * `sqlite:` names a file (`sqlite:./x.db`, `sqlite:/var/lib/x.db`, `sqlite://./x.db`), `redis://` is
 * a URL. Other schemes are left to whichever driver is registered for them.
 */
export function parseStoreUrl(setting: string): StoreUrl {
  const spec = setting.trim();
  const colon = spec.indexOf(':');
  const scheme = (colon === -1 ? spec : spec.slice(0, colon)).toLowerCase();
  if (colon === -1) return { scheme, target: '', setting: spec };
  if (scheme === 'sqlite') {
    const path = spec.slice(colon + 1).replace(/^\/\/(?=\/|\.)/, '');
    if (!path) throw new TrawlError('INVALID_OPTIONS', `The store "${spec}" names no file: write sqlite:<path>, e.g. ${DEFAULT_STORE_URL}`);
    return { scheme, target: path, setting: spec };
  }
  if (scheme === 'redis' || scheme === 'rediss') {
    if (!URL.canParse(spec)) throw new TrawlError('INVALID_OPTIONS', `The store "${spec}" is not a URL: write ${scheme}://host:port`);
    const url = new URL(spec);
    const prefix = url.searchParams.get('prefix') ?? undefined;
    url.searchParams.delete('prefix');
    return { scheme, target: url.href, ...(prefix ? { prefix } : {}), setting: spec };
  }
  // URL-style settings of other drivers get the whole URL.
  const rest = spec.slice(colon + 1);
  return { scheme, target: rest.startsWith('//') ? spec : rest, setting: spec };
}

/** The store URL without its password, for logs. */
export function redactStoreUrl(setting: string): string {
  return setting.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
}

/** A store the CLI can open: one of STORE_SCHEMES, well formed. */
export const storeUrlType: SettingType<StoreUrl> = {
  format: STORE_URL_FORMS,
  parse(raw, name) {
    let url: StoreUrl;
    try {
      url = parseStoreUrl(raw);
    } catch (error) {
      throw new TrawlError('INVALID_OPTIONS', `${name}: ${(error as Error).message}`);
    }
    if (!(STORE_SCHEMES as readonly string[]).includes(url.scheme) || (url.scheme === 'memory' && url.setting !== 'memory')) {
      throw new TrawlError('INVALID_OPTIONS', `${name} must be ${STORE_URL_FORMS}, not ${JSON.stringify(raw)}`);
    }
    return url;
  },
  show: (url) => redactStoreUrl(url.setting),
};
