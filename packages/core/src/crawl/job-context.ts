import { EventEmitter, setMaxListeners } from 'node:events';
import type { Document } from '../document.js';
import { DEFAULT_USER_AGENT, type ResolvedScrapeOptions } from '../options.js';
import type { ErrorEntry, JobKind, JobRecord, Store } from '../ports/store.js';
import type { Browser, EngineChoice } from '../ports/browser.js';
import type { LlmProvider } from '../ports/llm.js';
import type { ConvertPool } from '../convert/convert-pool.js';
import type { Account } from '../credits/usage.js';
import { meteredLlm } from '../llm/metered-llm.js';
import { createLinkFilter, type LinkFilter } from '../url/filters.js';
import { normalizeUrl } from '../url/normalize.js';
import { toSsrfPolicy, type SsrfPolicy } from '../url/ssrf.js';
import type { ResolvedCrawlOptions } from './crawl-options.js';
import { DocumentChannel } from './document-channel.js';
import { httpResourceFetcher } from './http-resource-fetcher.js';
import type { ResourceFetcher } from './fetcher.js';
import { specOf, type JobSpec } from './job-spec.js';
import { createHostScheduler, type HostScheduler } from './politeness.js';
import { createRobotsPolicy, type RobotsPolicy } from './robots.js';

export interface JobEvents {
  started: [job: JobRecord];
  page: [document: Document];
  pageError: [error: ErrorEntry];
  progress: [job: JobRecord];
  completed: [job: JobRecord];
  failed: [job: JobRecord];
  cancelled: [job: JobRecord];
}

/** Settings of whoever runs jobs (a crawl() call, a server's worker): never set by an API client. */
export interface RunnerSettings {
  store: Store;
  /** The SSRF guard, as scrape()'s `ssrf`: off by default (private addresses are fetched); `true` or a policy refuses them. */
  ssrf?: SsrfPolicy | boolean;
  userAgent?: string;
  /** The product token matched against robots.txt groups (default "TrawlBot"). */
  robotsUserAgent?: string;
  /** Keep documents in the store's result log (a server must; a streaming crawl() need not). */
  retainDocuments: boolean;
  retentionMs?: number;
  /** Which engine loads each page (default `auto`) and the browser it may use; the runner's owner closes it. */
  engine?: EngineChoice;
  browser?: Browser;
  /** The model behind the `json` format and image alt text; pages that need one fail without it. */
  llm?: LlmProvider;
  /** Where pages are converted (default: the process's shared pool of threads; false: this thread). */
  convertPool?: ConvertPool | false;
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
  readonly policy: SsrfPolicy;
  readonly userAgent: string;
  /** The page engine choice and browser every page load uses (see pipeline/load-page.ts). */
  readonly engine: EngineChoice;
  readonly browser: Browser | undefined;
  /** The runner's model, metered to the job's account. */
  readonly llm: LlmProvider | undefined;
  readonly convertPool: ConvertPool | false | undefined;
  readonly retainDocuments: boolean;
  readonly retentionMs: number | undefined;
  readonly fetcher: ResourceFetcher;
  readonly robots: RobotsPolicy;
  readonly scheduler: HostScheduler;
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

export function createJobContext(record: JobRecord, settings: RunnerSettings, channels: JobChannels = newJobChannels()): JobContext {
  const spec = specOf(record);
  const { rules } = spec;
  const policy = toSsrfPolicy(settings.ssrf);
  const userAgent = settings.userAgent ?? DEFAULT_USER_AGENT;
  const fetcher = httpResourceFetcher(
    { userAgent, timeout: Math.min(spec.scrapeOptions.timeout, 30_000), skipTlsVerification: spec.scrapeOptions.skipTlsVerification },
    policy,
  );
  const robots = createRobotsPolicy({
    fetcher,
    ignoreRobots: rules.ignoreRobots,
    ...(settings.robotsUserAgent ? { userAgent: settings.robotsUserAgent } : {}),
  });
  const scheduler = createHostScheduler({
    concurrency: rules.maxConcurrency,
    perHostConcurrency: rules.perHostConcurrency,
    delayMs: (rules.delay ?? 0) * 1000,
    crawlDelay: (url) => robots.crawlDelay(url),
    ...(settings.store.hostPacer ? { pacer: settings.store.hostPacer } : {}),
  });
  const normalizeOptions = { ignoreQueryParameters: rules.ignoreQueryParameters };
  const account: Account = { teamId: record.teamId, apiKey: spec.apiKey ?? null };
  const context: JobContext = {
    store: settings.store,
    jobId: record.id,
    teamId: record.teamId,
    account,
    kind: record.kind,
    spec,
    startUrl: spec.url,
    rules,
    scrape: spec.scrapeOptions,
    policy,
    userAgent,
    engine: settings.engine ?? 'auto',
    browser: settings.browser,
    llm: settings.llm && meteredLlm(settings.llm, settings.store.teams, account),
    convertPool: settings.convertPool,
    retainDocuments: settings.retainDocuments,
    retentionMs: settings.retentionMs,
    fetcher,
    robots,
    scheduler,
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
