import robotsParserExport from 'robots-parser';
import { isTrawlError, TrawlError } from '../errors.js';
import { ROBOTS_MAX_BYTES } from '../limits.js';
import type { ResourceFetcher } from './fetcher.js';

export interface RobotsPolicyOptions {
  fetcher: ResourceFetcher;
  /** Product token matched against `User-agent:` groups, case-insensitively (default `TrawlBot`). */
  userAgent?: string;
  /** Full User-Agent header sent when fetching robots.txt (default: the fetcher's own). */
  requestUserAgent?: string;
  /** Skip robots.txt entirely: every URL is allowed, no delay, no sitemaps. */
  ignoreRobots?: boolean;
  /**
   * What a 5xx, a 429 or a network failure means. `disallow` (default) is what RFC 9309 §2.3.1.4
   * requires; the verdict is cached only for `unreachableTtlMs` and then fetched again.
   */
  whenUnreachable?: 'disallow' | 'allow';
  /** How long an unreachable verdict is cached (default 30 s). */
  unreachableTtlMs?: number;
  /** How long a fetched robots.txt is trusted (default 24 h, the RFC's upper bound). */
  ttlMs?: number;
  /** Origins kept in memory, least recently used dropped first (default 1,000). */
  maxOrigins?: number;
}

/**
 * One origin's robots.txt as read: a fetched file, "no file" (allow all), unreachable, or
 * `blocked`: the SSRF policy refuses the address, so there is nothing to obey and the page's
 * own fetch is refused (and reported as SCRAPE_BLOCKED_URL) instead.
 */
export type RobotsStatus = 'fetched' | 'missing' | 'unreachable' | 'blocked' | 'ignored';

export interface RobotsPolicy {
  isAllowed(url: string): Promise<boolean>;
  /** Crawl-delay in seconds for our user agent (or `*`), if the file sets one. */
  crawlDelay(url: string): Promise<number | undefined>;
  /** Absolute `Sitemap:` URLs listed in the origin's robots.txt. */
  sitemaps(originOrUrl: string): Promise<string[]>;
  status(url: string): Promise<RobotsStatus>;
}

interface RobotsRules {
  isAllowed(url: string, userAgent?: string): boolean | undefined;
  getCrawlDelay(userAgent?: string): number | undefined;
  getSitemaps(): string[];
}

// robots-parser is CommonJS with an ESM-shaped .d.ts: at runtime the default import is the function.
const robotsParser = robotsParserExport as unknown as (url: string, contents: string) => RobotsRules;

interface RobotsRecord {
  status: RobotsStatus;
  expiresAt: number;
  rules?: RobotsRules;
  sitemaps: string[];
}

/**
 * robots.txt per origin, fetched once and cached; concurrent callers for one origin share a
 * single in-flight request. 4xx means "no robots.txt" (allow all) per RFC 9309 §2.3.1.3.
 */
export function createRobotsPolicy(options: RobotsPolicyOptions): RobotsPolicy {
  const token = options.userAgent ?? 'TrawlBot';
  const ttlMs = options.ttlMs ?? 24 * 60 * 60 * 1000;
  const unreachableTtlMs = options.unreachableTtlMs ?? 30_000;
  const maxOrigins = options.maxOrigins ?? 1000;
  const allowWhenUnreachable = options.whenUnreachable === 'allow';
  // A Map iterates in insertion order, so re-inserting on use makes it an LRU.
  const records = new Map<string, Promise<RobotsRecord>>();

  async function load(origin: string): Promise<RobotsRecord> {
    const robotsUrl = `${origin}/robots.txt`;
    const headers = options.requestUserAgent ? { 'user-agent': options.requestUserAgent } : undefined;
    try {
      // RFC 9309 §2.5: a crawler may ignore what follows the first 500 KiB, so the rest is never read.
      const response = await options.fetcher(robotsUrl, { ...(headers ? { headers } : {}), truncateAt: ROBOTS_MAX_BYTES });
      if (response.status >= 200 && response.status < 300) {
        const text = robotsText(response.body, response.truncated === true);
        const rules = robotsParser(robotsUrl, text);
        const sitemaps = absoluteUrls(rules.getSitemaps(), robotsUrl);
        return { status: 'fetched', expiresAt: Date.now() + ttlMs, rules, sitemaps };
      }
      if (response.status >= 400 && response.status < 500 && response.status !== 429) {
        return { status: 'missing', expiresAt: Date.now() + ttlMs, sitemaps: [] };
      }
    } catch (error) {
      if (isTrawlError(error) && error.code === 'SCRAPE_BLOCKED_URL')
        return { status: 'blocked', expiresAt: Date.now() + ttlMs, sitemaps: [] };
      // network failure: unreachable, below
    }
    return { status: 'unreachable', expiresAt: Date.now() + unreachableTtlMs, sitemaps: [] };
  }

  function recordFor(url: string): Promise<RobotsRecord> {
    const origin = originOf(url);
    const cached = records.get(origin);
    if (cached) {
      records.delete(origin);
      records.set(origin, cached);
      return cached.then((record) => (record.expiresAt > Date.now() ? record : refresh(origin, cached)));
    }
    return refresh(origin);
  }

  function refresh(origin: string, stale?: Promise<RobotsRecord>): Promise<RobotsRecord> {
    const current = records.get(origin);
    if (current && current !== stale) return current; // another caller already refreshed it
    const pending = load(origin);
    records.set(origin, pending);
    while (records.size > maxOrigins) {
      const oldest = records.keys().next().value as string;
      records.delete(oldest);
    }
    return pending;
  }

  function verdict(record: RobotsRecord, url: string): boolean {
    if (record.status === 'unreachable') return allowWhenUnreachable;
    if (!record.rules) return true;
    // Like Firecrawl, `Disallow: /private/` also covers `/private` itself.
    const withSlash = addSlashToPath(url);
    return record.rules.isAllowed(url, token) !== false && (!withSlash || record.rules.isAllowed(withSlash, token) !== false);
  }

  if (options.ignoreRobots) {
    return {
      isAllowed: async () => true,
      crawlDelay: async () => undefined,
      sitemaps: async () => [],
      status: async () => 'ignored',
    };
  }

  return {
    isAllowed: async (url) => verdict(await recordFor(url), url),
    crawlDelay: async (url) => (await recordFor(url)).rules?.getCrawlDelay(token),
    sitemaps: async (originOrUrl) => (await recordFor(originOrUrl)).sitemaps,
    status: async (url) => (await recordFor(url)).status,
  };
}

/** A cut file ends in a partial line (`Disallow: /` of `Disallow: /private`): that line is dropped. */
function robotsText(body: Uint8Array, truncated: boolean): string {
  const text = new TextDecoder().decode(body);
  return truncated ? text.slice(0, text.lastIndexOf('\n') + 1) : text;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    throw new TrawlError('SCRAPE_INVALID_URL', `Not a valid absolute URL: ${url}`);
  }
}

function addSlashToPath(url: string): string | undefined {
  const parsed = new URL(url);
  if (parsed.pathname.endsWith('/')) return undefined;
  parsed.pathname += '/';
  return parsed.href;
}

function absoluteUrls(urls: string[], base: string): string[] {
  const out = new Set<string>();
  for (const raw of urls) {
    try {
      out.add(new URL(raw, base).href);
    } catch {
      // an unparsable Sitemap: line is ignored
    }
  }
  return [...out];
}
