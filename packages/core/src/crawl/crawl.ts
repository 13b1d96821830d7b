import { randomUUID } from 'node:crypto';
import { resolveScrapeOptions } from '../options.js';
import type { JobRecord } from '../ports/store.js';
import { createMemoryStore } from '../stores/memory/index.js';
import { withStore, type Runtime, type RuntimeWithStore, type WithRuntime } from '../runtime/runtime.js';
import { splitCrawlOptions, type CrawlOptions, type JobOptions } from './crawl-options.js';
import { CrawlJob } from './crawl-job.js';
import { createJobContext, type JobContext, type JobRunner } from './job-context.js';
import { failJob, runJob } from './job-runner.js';
import { assertBatchSize, startBatchJob, startCrawlJob, type StartJobInput } from './start-job.js';
import { createLinkFilter } from '../url/filters.js';
import { typedTargetUrl } from '../url/typed-url.js';
import { assertLlmAvailable } from '../llm/llm-formats.js';

/**
 * Crawls a site from `url`: the start page, its sitemaps and every link in scope, politely and
 * at most `limit` pages, none twice. Returns at once with a job handle; the job runs in this
 * process, its state in `options.store` (default: a private memory store). A URL without a
 * scheme is read as `http://`, as scrape() reads it.
 */
export function crawl(url: string, options: CrawlOptions = {}): CrawlJob {
  const start = typedTargetUrl(url);
  const { rules, job, runtime } = splitCrawlOptions(options);
  createLinkFilter({ ...rules, startUrl: new URL(start).href }); // bad patterns fail here, not mid-crawl
  resolveScrapeOptions(job.scrapeOptions); // so do bad page options
  assertLlmFor(job, runtime);
  const runner = runnerOf(job, runtime);
  const jobId = job.jobId ?? randomUUID();
  return launch(jobId, job, runner, () => startCrawlJob(start, rules, startInput(jobId, job, runner.runtime)));
}

export type BatchScrapeOptions = Pick<CrawlOptions, 'maxConcurrency' | 'perHostConcurrency' | 'maxRetries' | 'delay'> &
  WithRuntime<JobOptions>;

/** Scrapes a list of URLs as one job, through the same machinery as a crawl (no links followed); URLs read as scrape() reads them. */
export function batchScrape(urls: readonly string[], options: BatchScrapeOptions = {}): CrawlJob {
  assertBatchSize(urls);
  const targets = urls.map((url) => typedTargetUrl(url));
  const { rules, job, runtime } = splitCrawlOptions(options);
  resolveScrapeOptions(job.scrapeOptions);
  assertLlmFor(job, runtime);
  const runner = runnerOf(job, runtime);
  const jobId = job.jobId ?? randomUUID();
  return launch(jobId, job, runner, () => startBatchJob(targets, rules, startInput(jobId, job, runner.runtime)));
}

/** A job whose pages all need a model fails at once without one, not page by page. */
function assertLlmFor(job: JobOptions, runtime: Runtime): void {
  const scrape = job.scrapeOptions;
  assertLlmAvailable(
    { formats: scrape?.formats ?? [], generateImgAltText: scrape?.generateImgAltText, question: scrape?.question },
    runtime.llm,
  );
}

/** Without a store of the caller's, the job lives in a private memory store that keeps no documents. */
function runnerOf(job: JobOptions, runtime: Runtime): JobRunner {
  return { runtime: withStore(runtime, createMemoryStore), retainDocuments: job.retainDocuments ?? Boolean(runtime.store) };
}

function startInput(jobId: string, job: JobOptions, runtime: RuntimeWithStore): StartJobInput {
  return { store: runtime.store, jobId, teamId: job.teamId, retentionMs: runtime.retentionMs, scrapeOptions: job.scrapeOptions };
}

/** Creates the job, then runs it here; the handle exists from the first moment so no event is missed. */
function launch(jobId: string, job: JobOptions, runner: JobRunner, start: () => Promise<JobRecord>): CrawlJob {
  const { runtime } = runner;
  let ctx: JobContext | undefined;
  const handle = new CrawlJob(runtime.store, jobId);
  // The conversion threads start loading now, while the job is created and robots.txt and the
  // first page are fetched, rather than when the first page is waiting for them.
  runtime.converter();
  const run = (async (): Promise<JobRecord | null> => {
    const record = await start();
    ctx = createJobContext(record, runner, handle.channels);
    ctx.events.emit('started', record);
    try {
      return await runJob(ctx);
    } finally {
      await ctx.scheduler.onIdle();
    }
  })();
  const onExternalAbort = () => void handle.cancel();
  job.signal?.addEventListener('abort', onExternalAbort, { once: true });
  handle.track(
    run
      .catch((error: unknown) => (ctx ? failJob(ctx, error) : Promise.reject(error)))
      .finally(() => job.signal?.removeEventListener('abort', onExternalAbort)),
    runtime.retentionMs,
  );
  return handle;
}
