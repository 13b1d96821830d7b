import { EventEmitter, setMaxListeners } from 'node:events';
import type { Document } from '../document.js';
import type { ResolvedScrapeOptions } from '../options.js';
import type { ErrorEntry, JobKind, JobRecord, Store } from '../ports/store.js';
import type { Account } from '../credits/usage.js';
import type { Runtime, RuntimeWithStore } from '../runtime/types.js';
import { meteredLlm } from '../credits/metered-llm.js';
import { createLinkFilter, type LinkFilter } from '../url/filters.js';
import { normalizeUrl } from '../url/normalize.js';
import type { ResolvedCrawlOptions } from './crawl-options.js';
import { DocumentChannel } from './document-channel.js';
import { createHostBackoff, type HostBackoff } from './host-backoff.js';
import { httpResourceFetcher } from './http-resource-fetcher.js';
import type { ResourceFetcher } from './fetcher.js';
import { specOf, type JobSpec } from './job-spec.js';
import { createHostScheduler, type HostScheduler } from './politeness.js';
import { createRobotsPolicy, type RobotsPolicy } from './robots.js';
import { TrapGuard, type TrapNotice } from './traps/trap-guard.js';

export interface JobEvents {
  started: [job: JobRecord];
  page: [document: Document];
  pageError: [error: ErrorEntry];
  progress: [job: JobRecord];
  completed: [job: JobRecord];
  failed: [job: JobRecord];
  cancelled: [job: JobRecord];
  /** A URL pattern the crawl stopped following as a trap (traps/trap-guard.ts); once per pattern. */
  trap: [notice: TrapNotice];
}

/** What runs a job: a runtime with a store, and whether the store keeps the job's documents. */
export interface JobRunner {
  /** Its `store` holds the job; its policy, user agent, engine, browser, model and pool load and convert each page. */
  runtime: RuntimeWithStore;
  /** Keep documents in the store's result log (a server must; a streaming crawl() need not). */
  retainDocuments: boolean;
}

/** Everything one running job needs: its spec, its store, and the per-job services. */
export interface JobContext {
  readonly store: Store;
  readonly jobId: string;
  readonly teamId: string;
  /** Who pays for the job's pages: its team and the key that started it. */
  readonly account: Account;
  readonly kind: JobKind;
  readonly spec: JobSpec;
  readonly startUrl: string;
  readonly rules: ResolvedCrawlOptions;
  readonly scrape: ResolvedScrapeOptions;
  /** The runner's runtime as the job's team's, its model metered to the job's account. */
  readonly runtime: Runtime;
  readonly retainDocuments: boolean;
  readonly fetcher: ResourceFetcher;
  readonly robots: RobotsPolicy;
  readonly scheduler: HostScheduler;
  /** Pauses a host that answers with block pages (host-backoff.ts). */
  readonly hostBackoff: HostBackoff;
  /** Holds back URLs that look like a crawl trap (this process's view of the job). */
  readonly traps: TrapGuard;
  filter: LinkFilter;
  readonly abort: AbortController;
  readonly events: EventEmitter<JobEvents>;
  readonly channel: DocumentChannel;
  /** Keys of robots-blocked URLs already reported by this process, so each is listed once. */
  readonly reportedBlocked: Set<string>;
  keyOf(url: string): string;
  /** Re-centres the crawl scope on a new start URL (the start page redirected to another host). */
  rebase(startUrl: string): void;
}

/** What a job handle creates before the job exists, so that nothing emitted is missed. */
export interface JobChannels {
  abort: AbortController;
  events: EventEmitter<JobEvents>;
  channel: DocumentChannel;
}

export function createJobContext(record: JobRecord, runner: JobRunner, channels: JobChannels = newJobChannels()): JobContext {
  const spec = specOf(record);
  const { rules } = spec;
  const { store } = runner.runtime;
  const account: Account = { teamId: record.teamId, apiKey: spec.apiKey ?? null };
  // The job's pages convert and render as its team's, and its model is metered to its account.
  const llm = runner.runtime.llm && meteredLlm(runner.runtime.llm, store.teams, account);
  const runtime = runner.runtime.with({ teamId: record.teamId, ...(llm ? { llm } : {}) });
  const fetcher = httpResourceFetcher(
    {
      userAgent: runtime.userAgent,
      timeout: Math.min(spec.scrapeOptions.timeout, 30_000),
      skipTlsVerification: spec.scrapeOptions.skipTlsVerification,
      dispatcher: runtime.dispatcherFor(spec.scrapeOptions.skipTlsVerification),
    },
    runtime.policy,
  );
  const robots = createRobotsPolicy({
    fetcher,
    ignoreRobots: rules.ignoreRobots,
    userAgent: rules.robotsUserAgent ?? runtime.robotsUserAgent,
  });
  const scheduler = createHostScheduler({
    concurrency: rules.maxConcurrency,
    perHostConcurrency: rules.perHostConcurrency,
    delayMs: (rules.delay ?? 0) * 1000,
    crawlDelay: (url) => robots.crawlDelay(url),
    pacer: store.hostPacer,
  });
  const normalizeOptions = { ignoreQueryParameters: rules.ignoreQueryParameters };
  const context: JobContext = {
    store,
    jobId: record.id,
    teamId: record.teamId,
    account,
    kind: record.kind,
    spec,
    startUrl: spec.url,
    rules,
    scrape: spec.scrapeOptions,
    runtime,
    retainDocuments: runner.retainDocuments,
    fetcher,
    robots,
    scheduler,
    hostBackoff: createHostBackoff(),
    traps: new TrapGuard(undefined, (notice) => channels.events.emit('trap', notice)),
    filter: createLinkFilter({ ...rules, startUrl: spec.url }),
    ...channels,
    reportedBlocked: new Set(),
    keyOf: (url) => normalizeUrl(url, normalizeOptions),
    rebase(startUrl) {
      context.filter = createLinkFilter({ ...rules, startUrl });
    },
  };
  return context;
}

export function newJobChannels(): JobChannels {
  const abort = new AbortController();
  // Every request in flight listens to the job's signal; that is by design, not a leak.
  setMaxListeners(0, abort.signal);
  return { abort, events: new EventEmitter<JobEvents>(), channel: new DocumentChannel() };
}
