import { randomUUID } from 'node:crypto';
import { resolveScrapeOptions } from '../options.js';
import type { JobRecord, Store } from '../ports/store.js';
import { createMemoryStore } from '../stores/memory/index.js';
import { splitCrawlOptions, type CrawlOptions, type JobRuntimeOptions } from './crawl-options.js';
import { CrawlJob } from './crawl-job.js';
import { createJobContext, type JobContext } from './job-context.js';
import { failJob, runJob } from './job-runner.js';
import { assertBatchSize, startBatchJob, startCrawlJob } from './start-job.js';
import { createLinkFilter } from '../url/filters.js';
import { typedTargetUrl } from '../url/typed-url.js';
import { assertLlmAvailable } from '../llm/llm-formats.js';
import { sharedConvertPool } from '../convert/convert-pool.js';

/**
 * Crawls a site from `url`: the start page, its sitemaps and every link in scope, politely and
 * at most `limit` pages, none twice. Returns at once with a job handle; the job runs in this
 * process, its state in `options.store` (default: a private memory store). A URL without a
 * scheme is read as `http://`, as scrape() reads it.
 */
export function crawl(url: string, options: CrawlOptions = {}): CrawlJob {
  const start = typedTargetUrl(url);
  const { rules, runtime } = splitCrawlOptions(options);
  createLinkFilter({ ...rules, startUrl: new URL(start).href }); // bad patterns fail here, not mid-crawl
  resolveScrapeOptions(runtime.scrapeOptions); // so do bad page options
  assertLlmFor(runtime);
  const store = runtime.store ?? createMemoryStore();
  const jobId = runtime.jobId ?? randomUUID();
  return launch(store, jobId, runtime, () => startCrawlJob(start, rules, { store, jobId, ...startInput(runtime) }));
}

export type BatchScrapeOptions = Pick<CrawlOptions, 'maxConcurrency' | 'perHostConcurrency' | 'maxRetries' | 'delay'> & JobRuntimeOptions;

/** Scrapes a list of URLs as one job, through the same machinery as a crawl (no links followed); URLs read as scrape() reads them. */
export function batchScrape(urls: readonly string[], options: BatchScrapeOptions = {}): CrawlJob {
  assertBatchSize(urls);
  const targets = urls.map((url) => typedTargetUrl(url));
  const { rules, runtime } = splitCrawlOptions(options);
  resolveScrapeOptions(runtime.scrapeOptions);
  assertLlmFor(runtime);
  const store = runtime.store ?? createMemoryStore();
  const jobId = runtime.jobId ?? randomUUID();
  return launch(store, jobId, runtime, () => startBatchJob(targets, rules, { store, jobId, ...startInput(runtime) }));
}

/** A job whose pages all need a model fails at once without one, not page by page. */
function assertLlmFor(runtime: JobRuntimeOptions): void {
  const scrape = runtime.scrapeOptions;
  assertLlmAvailable({ formats: scrape?.formats ?? [], generateImgAltText: scrape?.generateImgAltText }, runtime.llm);
}

function startInput(runtime: JobRuntimeOptions) {
  return {
    ...(runtime.teamId ? { teamId: runtime.teamId } : {}),
    ...(runtime.retentionMs ? { retentionMs: runtime.retentionMs } : {}),
    ...(runtime.scrapeOptions ? { scrapeOptions: runtime.scrapeOptions } : {}),
  };
}

/** Creates the job, then runs it here; the handle exists from the first moment so no event is missed. */
function launch(store: Store, jobId: string, runtime: JobRuntimeOptions, start: () => Promise<JobRecord>): CrawlJob {
  let ctx: JobContext | undefined;
  const handle = new CrawlJob(store, jobId);
  // The conversion threads start loading now, while the job is created and robots.txt and the
  // first page are fetched, rather than when the first page is waiting for them.
  if (runtime.convertPool === undefined) sharedConvertPool();
  const run = (async (): Promise<JobRecord | null> => {
    const record = await start();
    ctx = createJobContext(
      record,
      {
        store,
        retainDocuments: runtime.retainDocuments ?? Boolean(runtime.store),
        ...(runtime.ssrf !== undefined ? { ssrf: runtime.ssrf } : {}),
        ...(runtime.userAgent ? { userAgent: runtime.userAgent } : {}),
        ...(runtime.robotsUserAgent ? { robotsUserAgent: runtime.robotsUserAgent } : {}),
        ...(runtime.retentionMs ? { retentionMs: runtime.retentionMs } : {}),
        ...(runtime.engine ? { engine: runtime.engine } : {}),
        ...(runtime.browser ? { browser: runtime.browser } : {}),
        ...(runtime.llm ? { llm: runtime.llm } : {}),
        ...(runtime.convertPool !== undefined ? { convertPool: runtime.convertPool } : {}),
      },
      handle.channels,
    );
    ctx.events.emit('started', record);
    try {
      return await runJob(ctx);
    } finally {
      await ctx.scheduler.onIdle();
    }
  })();
  const onExternalAbort = () => void handle.cancel();
  runtime.signal?.addEventListener('abort', onExternalAbort, { once: true });
  handle.track(
    run
      .catch((error: unknown) => (ctx ? failJob(ctx, error) : Promise.reject(error)))
      .finally(() => runtime.signal?.removeEventListener('abort', onExternalAbort)),
    runtime.retentionMs,
  );
  return handle;
}
