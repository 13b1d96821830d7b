import type { PageMemoryRequest } from '../memory/page-memory.js';
import { randomUUID } from 'node:crypto';
import { TrawlError } from '../errors.js';
import { MAX_CRAWL_LIMIT } from '../limits.js';
import { applyJobEvent, finishKickoff } from '../jobs/job-events.js';
import { newJob } from '../jobs/job-record.js';
import { resolveScrapeOptions, type ScrapeOptionsInput } from '../options.js';
import type { JobRecord, Store } from '../ports/store.js';
import { createLinkFilter } from '../url/filters.js';
import { parseTargetUrl } from '../url/guard.js';
import { resolveCrawlOptions, type CrawlOptionsInput } from './crawl-options.js';
import { KICKOFF_KEY, type JobSpec } from './job-spec.js';
import { rememberedPagesItem } from './remembered-pages.js';

export interface StartJobInput {
  store: Store;
  jobId?: string;
  teamId?: string;
  /** The label of the API key starting the job, for the usage history (none: the team's keyless row). */
  apiKey?: string | null;
  retentionMs?: number;
  scrapeOptions?: ScrapeOptionsInput;
  /** What the pages ask of the page memory: change tracking (crawl and batch), the scrape cache (batch). */
  memory?: PageMemoryRequest;
  /** Opaque settings adapters keep with the job (e.g. the http package's webhook). */
  extra?: Record<string, unknown>;
}

/**
 * Creates a crawl job in the store and queues its kickoff. Any worker on the store runs it from
 * there, so the caller may return at once (the API does) or run it itself (crawl() does).
 */
export async function startCrawlJob(url: string, rulesInput: CrawlOptionsInput, input: StartJobInput): Promise<JobRecord> {
  const start = parseTargetUrl(url).href;
  const spec: JobSpec = {
    kind: 'crawl',
    url: start,
    rules: resolveCrawlOptions(rulesInput),
    scrapeOptions: resolveScrapeOptions(input.scrapeOptions),
    ...(input.memory ? { memory: input.memory } : {}),
    ...(input.apiKey ? { apiKey: input.apiKey } : {}),
    ...(input.extra ? { extra: input.extra } : {}),
  };
  createLinkFilter({ ...spec.rules, startUrl: start }); // invalid patterns are refused before the job exists
  const job = await create(input, spec);
  await input.store.frontier.enqueue(job.id, [
    { url: start, key: KICKOFF_KEY, depth: 0, data: { kickoff: true } },
    ...rememberedPagesItem(spec),
  ]);
  return job;
}

/** A batch holds 1 to MAX_CRAWL_LIMIT URLs. */
export function assertBatchSize(urls: readonly string[]): void {
  if (!urls.length) throw new TrawlError('INVALID_OPTIONS', 'A batch scrape needs at least one URL');
  if (urls.length > MAX_CRAWL_LIMIT)
    throw new TrawlError('INVALID_OPTIONS', `A batch scrape takes at most ${MAX_CRAWL_LIMIT} URLs, got ${urls.length}`);
}

/** Creates a batch scrape job with all its URLs queued (no links are followed). */
export async function startBatchJob(urls: readonly string[], rulesInput: CrawlOptionsInput, input: StartJobInput): Promise<JobRecord> {
  assertBatchSize(urls);
  const targets = urls.map((u) => parseTargetUrl(u).href);
  const spec: JobSpec = {
    kind: 'batch_scrape',
    url: targets[0]!,
    rules: resolveCrawlOptions({ ...rulesInput, ignoreSitemap: true, ignoreRobots: true, limit: targets.length }),
    scrapeOptions: resolveScrapeOptions(input.scrapeOptions),
    ...(input.memory ? { memory: input.memory } : {}),
    ...(input.apiKey ? { apiKey: input.apiKey } : {}),
    ...(input.extra ? { extra: input.extra } : {}),
  };
  const job = await create(input, spec);
  // Exact duplicates collapse into one page; distinct spellings of one page are each scraped, as asked.
  const accepted = await input.store.frontier.enqueue(
    job.id,
    targets.map((url) => ({ url, key: url, depth: 0 })),
  );
  await applyJobEvent(input.store, job.id, { type: 'discovered', count: accepted.length });
  await finishKickoff(input.store, job.id, { retentionMs: input.retentionMs });
  return (await input.store.jobs.get(job.id)) ?? job;
}

/**
 * Queues more URLs in a running batch scrape job (v2's `appendToId`), as the first ones were.
 * Resolves the updated job, or null when it is missing, not a batch or no longer running.
 */
export async function appendBatchUrls(store: Store, jobId: string, urls: readonly string[]): Promise<JobRecord | null> {
  assertBatchSize(urls);
  const targets = urls.map((u) => parseTargetUrl(u).href);
  const job = await store.jobs.get(jobId);
  if (job?.kind !== 'batch_scrape' || job.status !== 'scraping') return null;
  const accepted = await store.frontier.enqueue(
    jobId,
    targets.map((url) => ({ url, key: url, depth: 0 })),
  );
  if (accepted.length && (await applyJobEvent(store, jobId, { type: 'discovered', count: accepted.length })).outcome === 'not_found')
    return null;
  return store.jobs.get(jobId);
}

async function create(input: StartJobInput, spec: JobSpec): Promise<JobRecord> {
  const id = input.jobId ?? randomUUID();
  const created = await input.store.jobs.create(
    newJob({ id, kind: spec.kind, teamId: input.teamId ?? 'local', options: spec }, { now: Date.now(), retentionMs: input.retentionMs }),
  );
  if (!created) throw new TrawlError('INVALID_OPTIONS', `A job with id ${id} already exists`);
  return created;
}
