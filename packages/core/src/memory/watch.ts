/**
 * `watch()`: the library's monitor. Scrapes pages every `intervalMs` with change tracking over a
 * Store's page memory and yields what changed, until the signal aborts or the loop is left.
 */
import type { Document } from '../document.js';
import { isTrawlError } from '../errors.js';
import type { ScrapeOptions } from '../scrape.js';
import { scrape } from '../scrape.js';
import type { ChangeStatus, ChangeTrackingResult } from './change-status.js';
import type { ChangeTrackingOptions } from './options.js';
import type { PageMemoryOptions } from './through-memory.js';

/**
 * The runtime's `store` keeps the pages' histories (a durable store resumes where the last run
 * stopped); without one, the first scrape fails with INVALID_OPTIONS.
 */
export type WatchOptions = ScrapeOptions & Omit<PageMemoryOptions, 'changeTracking' | 'maxAge' | 'minAge'> & WatchRounds;

interface WatchRounds {
  /** Time between rounds, from the end of one to the start of the next (default 60 s). */
  intervalMs?: number;
  /** What is compared (default git-diff); the tag keeps the history apart (default `watch`). */
  changeTracking?: ChangeTrackingOptions;
  /** Also yield pages that did not change (default false). */
  includeSame?: boolean;
  /** Stops after this many rounds (default: until aborted). */
  rounds?: number;
}

export interface PageChange {
  url: string;
  /** `error` when the scrape failed (see `error`). */
  status: ChangeStatus | 'error';
  /** Epoch ms of the scrape. */
  at: number;
  changeTracking?: ChangeTrackingResult;
  document?: Document;
  error?: string;
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Yields a PageChange for each page that is new, changed or removed (every page with
 * `includeSame`) in each round. Leaving the loop (`break`) or aborting `signal` stops it.
 */
export async function* watch(urls: string | readonly string[], options: WatchOptions): AsyncGenerator<PageChange, void, undefined> {
  const { intervalMs = 60_000, changeTracking, includeSame = false, rounds, ...scrapeOptions } = options;
  const list = typeof urls === 'string' ? [urls] : [...urls];
  const tracking = { modes: ['git-diff' as const], ...changeTracking, tag: changeTracking?.tag ?? 'watch' };
  for (let round = 0; rounds === undefined || round < rounds; round++) {
    if (options.signal?.aborted) return;
    for (const url of list) {
      if (options.signal?.aborted) return;
      const at = Date.now();
      try {
        const document = await scrape(url, { ...scrapeOptions, maxAge: 0, changeTracking: tracking });
        const result = document.changeTracking!;
        if (includeSame || result.changeStatus !== 'same') yield { url, status: result.changeStatus, at, changeTracking: result, document };
      } catch (error) {
        if (options.signal?.aborted) return;
        yield { url, status: 'error', at, error: isTrawlError(error) ? `${error.code}: ${error.message}` : String(error) };
      }
    }
    if (rounds === undefined || round + 1 < rounds) await pause(intervalMs, options.signal);
  }
}
