import type { Document } from '../document.js';
import { type CachedCopy, cachedCopy, type PageMemoryContext, type PageMemoryRequest, rememberDocument } from '../memory/page-memory.js';
import { trackingConversion, withChangeTracking } from '../memory/through-memory.js';
import { LLM_PAGE_CREDITS, pageCredits } from '../llm/llm-formats.js';
import type { ResolvedScrapeOptions } from '../options.js';
import type { JobContext } from './job-context.js';

/** A job page's page memory: the job's request and its team's memory; none for jobs without one. */
function memoryOf(ctx: JobContext): { memory: PageMemoryContext; request: PageMemoryRequest } | undefined {
  const request = ctx.spec.memory;
  return request ? { memory: { store: ctx.store, teamId: ctx.teamId }, request } : undefined;
}

/**
 * The cached copy a job page may be answered with (no fetch), or null; rejects
 * SCRAPE_NO_CACHED_DATA under `minAge`. A crawl page needs a copy a crawl kept, with the page's
 * links, since they are what the crawl follows; a crawl of URLs only always fetches.
 */
export async function cachedPage(ctx: JobContext, url: string): Promise<CachedCopy | null> {
  const step = memoryOf(ctx);
  if (!step || (ctx.kind === 'crawl' && ctx.rules.returnOnlyUrls)) return null;
  return cachedCopy(step.memory, url, ctx.scrape, step.request, ctx.kind === 'crawl');
}

/** The options a job page is converted with: with change tracking, Markdown and the raw HTML too. */
export function pageConversion(ctx: JobContext): ResolvedScrapeOptions {
  const step = memoryOf(ctx);
  return step ? trackingConversion(ctx.scrape, step.request) : ctx.scrape;
}

/**
 * After a job page is scraped: change tracking (crawl and batch pages, in the team's history of
 * the request's tag), then the cache write (as the request allows). A crawl page is kept with
 * its `links` when it was not redirected (a copy answers for the URL it was fetched at).
 */
export async function rememberPage(ctx: JobContext, url: string, scraped: Document, links?: readonly string[]): Promise<Document> {
  const step = memoryOf(ctx);
  if (!step) return scraped;
  const document = step.request.changeTracking
    ? await withChangeTracking({ ...step.memory, llm: ctx.runtime.llm, signal: ctx.abort.signal }, url, scraped, ctx.scrape, step.request)
    : scraped;
  if (ctx.kind === 'crawl' && !links) return document;
  return rememberDocument(step.memory, url, ctx.scrape, step.request, document, ctx.kind === 'crawl' ? links : undefined);
}

/** What a fetched job page costs: its formats', or a model-read page's when change tracking's json mode reads it. */
export function jobPageCredits(ctx: JobContext): number {
  const tracksFields = ctx.spec.memory?.changeTracking?.modes?.includes('json') ?? false;
  return Math.max(pageCredits(ctx.scrape), tracksFields ? LLM_PAGE_CREDITS : 0);
}
