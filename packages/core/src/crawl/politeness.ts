import { setTimeout as sleep } from 'node:timers/promises';
import PQueue from 'p-queue';
import { isTrawlError, TrawlError } from '../errors.js';
import { MAX_CRAWL_DELAY_S } from '../limits.js';
import type { HostPacer } from '../ports/store.js';
import { retryAfterOf } from './retry.js';

export interface PolitenessOptions {
  /** Requests in flight across all hosts (default 10). */
  concurrency?: number;
  /** Requests in flight to one host (`host:port`) (default 2). */
  perHostConcurrency?: number;
  /** Least time between two request starts on one host, in ms (default 0). */
  delayMs?: number;
  /** Seconds the host asks for (robots.txt Crawl-delay); the larger of this and `delayMs` wins. */
  crawlDelay?: (url: string) => Promise<number | undefined> | number | undefined;
  /** Ceiling on a robots.txt Crawl-delay, so `Crawl-delay: 86400` cannot stall a crawl (default 60 s). */
  maxCrawlDelayMs?: number;
  /** Ceiling on a Retry-After pause (default 120 s). */
  maxPauseMs?: number;
  /** Shares each host's delay with other processes (the store's `hostPacer`); consulted only when a delay applies. */
  pacer?: HostPacer;
}

export interface HostScheduler {
  /** Runs `task` once the host's concurrency, delay and pause allow it, within the global limit. */
  run<T>(url: string, task: () => Promise<T>, options?: { signal?: AbortSignal }): Promise<T>;
  /** Holds every request to the URL's host for `ms` (capped at `maxPauseMs`). */
  pauseHost(url: string, ms: number): void;
  /** Pauses the host when a 429/503 carries Retry-After; returns the pause applied, if any. */
  noteResponse(url: string, response: { status: number; headers: Record<string, string> }): number | undefined;
  /** Resolves when no task is queued, waiting or running. */
  onIdle(): Promise<void>;
  /** Hosts with state in memory; idle hosts are dropped once their delay or pause has passed. */
  readonly trackedHosts: number;
}

interface HostState {
  queue: PQueue;
  delayMs: Promise<number>;
  /** Earliest start of the next request (last start + delay). */
  nextStartAt: number;
  pausedUntil: number;
  releaseTimer?: NodeJS.Timeout;
}

const NOT_YET = Symbol('not yet');

/**
 * Per-host politeness on p-queue: a small queue per host (its concurrency, delay and pauses)
 * feeding one global queue. A host's state is released when it goes idle, so a crawl over
 * many hosts keeps memory proportional to the hosts in use, not to the hosts ever seen.
 */
export function createHostScheduler(options: PolitenessOptions = {}): HostScheduler {
  const perHost = options.perHostConcurrency ?? 2;
  const minDelayMs = options.delayMs ?? 0;
  const maxCrawlDelayMs = options.maxCrawlDelayMs ?? MAX_CRAWL_DELAY_S * 1000;
  const maxPauseMs = options.maxPauseMs ?? 120_000;
  const global = new PQueue({ concurrency: options.concurrency ?? 10 });
  const hosts = new Map<string, HostState>();
  let active = 0;
  let idleWaiters: (() => void)[] = [];

  async function hostDelay(url: string): Promise<number> {
    let seconds: number | undefined;
    try {
      seconds = await options.crawlDelay?.(url);
    } catch {
      seconds = undefined; // no robots verdict is no reason to stop crawling
    }
    const requested = seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, maxCrawlDelayMs) : 0;
    return Math.max(minDelayMs, requested);
  }

  function stateFor(url: string): [string, HostState] {
    const host = hostOf(url);
    let state = hosts.get(host);
    if (!state) {
      const created: HostState = { queue: new PQueue({ concurrency: perHost }), delayMs: hostDelay(url), nextStartAt: 0, pausedUntil: 0 };
      created.queue.on('idle', () => scheduleRelease(host, created));
      hosts.set(host, created);
      state = created;
    }
    if (state.releaseTimer) {
      clearTimeout(state.releaseTimer);
      state.releaseTimer = undefined;
    }
    return [host, state];
  }

  // Keep an idle host until its delay and pause have run out, or the next request would skip them.
  function scheduleRelease(host: string, state: HostState): void {
    if (state.queue.size > 0 || state.queue.pending > 0) return;
    if (state.releaseTimer) clearTimeout(state.releaseTimer);
    const wait = Math.max(0, state.nextStartAt - Date.now(), state.pausedUntil - Date.now());
    state.releaseTimer = setTimeout(() => {
      if (hosts.get(host) === state && state.queue.size === 0 && state.queue.pending === 0) hosts.delete(host);
    }, wait);
    state.releaseTimer.unref();
  }

  async function inTurn<T>(host: string, state: HostState, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const delayMs = await state.delayMs;
    for (;;) {
      const wait = Math.max(state.nextStartAt, state.pausedUntil) - Date.now();
      if (wait > 0) await sleep(wait, undefined, { signal });
      // Other processes crawling this host take turns too; this process's own spacing still holds.
      if (delayMs > 0 && options.pacer) await options.pacer.waitTurn(host, delayMs, signal);
      // Re-checked inside the global slot: another request to this host may have started meanwhile.
      const result = await global.add(
        async () => {
          const now = Date.now();
          if (now < state.nextStartAt || now < state.pausedUntil) return NOT_YET;
          state.nextStartAt = now + delayMs;
          return { value: await task() };
        },
        { signal },
      );
      if (result !== NOT_YET) return result.value;
    }
  }

  function settle(): void {
    active--;
    if (active === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  function pauseHost(url: string, ms: number): void {
    const [host, state] = stateFor(url);
    state.pausedUntil = Math.max(state.pausedUntil, Date.now() + Math.min(ms, maxPauseMs));
    scheduleRelease(host, state);
  }

  return {
    async run(url, task, runOptions = {}) {
      const [host, state] = stateFor(url);
      active++;
      try {
        return await state.queue.add(() => inTurn(host, state, task, runOptions.signal), { signal: runOptions.signal });
      } catch (error) {
        if (runOptions.signal?.aborted && !isTrawlError(error)) {
          throw new TrawlError('SCRAPE_ABORTED', `Cancelled while waiting for a turn on ${hostOf(url)}`, { cause: error });
        }
        throw error;
      } finally {
        settle();
      }
    },
    pauseHost,
    noteResponse(url, response) {
      const wait = retryAfterOf(response);
      if (wait === undefined || wait <= 0) return undefined;
      pauseHost(url, wait);
      return Math.min(wait, maxPauseMs);
    },
    onIdle() {
      return active === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve));
    },
    get trackedHosts() {
      return hosts.size;
    },
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    throw new TrawlError('SCRAPE_INVALID_URL', `Not a valid absolute URL: ${url}`);
  }
}
