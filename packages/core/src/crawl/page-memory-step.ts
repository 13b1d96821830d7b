import type { Document } from '../document.js';
import { cachedDocument, type PageMemoryContext, type PageMemoryRequest, rememberDocument } from '../memory/page-memory.js';
import type { JobContext } from './job-context.js';

/** A batch page's page memory: the job's request and its team's memory; none for crawls and batches without one. */
function memoryOf(ctx: JobContext): { memory: PageMemoryContext; request: PageMemoryRequest } | undefined {
  const request = ctx.spec.memory;
  if (!request || ctx.kind !== 'batch_scrape') return undefined;
  return { memory: { store: ctx.store, teamId: ctx.teamId }, request };
}

/** The cached copy a batch page may be answered with (no fetch), or null; rejects SCRAPE_NO_CACHED_DATA under `minAge`. */
export async function cachedPage(ctx: JobContext, url: string): Promise<Document | null> {
  const step = memoryOf(ctx);
  return step ? cachedDocument(step.memory, url, ctx.scrape, step.request) : null;
}

/** Keeps a fresh batch page in the cache (as the request allows) and marks it a miss. */
export async function rememberPage(ctx: JobContext, url: string, document: Document): Promise<Document> {
  const step = memoryOf(ctx);
  return step ? rememberDocument(step.memory, url, ctx.scrape, step.request, document) : document;
}
