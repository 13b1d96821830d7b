/**
 * Reading a job's results the way the API serves them: v1 status pages of at most 10 MiB with a
 * `skip` to continue from, v0's recent `partial_data`, and the errors report.
 */
import type { Document } from '../document.js';
import type { JobRecord, JobStatus, ResultEntry, ResultKind, Store } from '../ports/store.js';
import { toErrorsReport, type ErrorsReport } from './status-views.js';

/** A status response carries at most this many bytes of documents (Firecrawl cuts at 10 MiB). */
export const STATUS_PAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Documents per status page when the caller sets no `limit`. */
export const STATUS_PAGE_DEFAULT_COUNT = 100;
/** v0 `partial_data` holds the latest documents, at most this many. */
export const V0_PARTIAL_DATA_MAX = 50;
/** Internal page size for reads that gather a whole sequence. */
const GATHER_PAGE_COUNT = 1000;

export interface StatusPageRequest {
  /** Documents to skip (the `skip` query parameter); default 0. */
  skip?: number;
  /** Most documents to return (the `limit` query parameter); default 100. */
  limit?: number;
  /** Byte bound of the page; default 10 MiB. */
  maxBytes?: number;
}

export interface StatusPage {
  documents: Document[];
  /** The `skip` for the `next` URL; undefined when the client should not ask again. */
  next: number | undefined;
}

/**
 * Where the next page starts: after this page whenever more documents exist now, or while the
 * job runs (more may come); nothing once a finished job has been read to the end.
 */
export function nextSkip(status: JobStatus, skip: number, returned: number, moreNow: boolean): number | undefined {
  return moreNow || status === 'scraping' ? skip + returned : undefined;
}

/**
 * One page of a job's documents. The bound counts each stored entry's JSON, which is a little
 * larger than the bare document it carries, so the documents stay within it.
 */
export async function readStatusPage(store: Store, job: JobRecord, request: StatusPageRequest = {}): Promise<StatusPage> {
  const skip = request.skip ?? 0;
  const page = await store.results.read(job.id, {
    offset: skip,
    maxCount: request.limit ?? STATUS_PAGE_DEFAULT_COUNT,
    maxBytes: request.maxBytes ?? STATUS_PAGE_MAX_BYTES,
    kind: 'document',
  });
  const documents = documentsOf(page.entries);
  return { documents, next: nextSkip(job.status, skip, page.entries.length, page.next !== null) };
}

/** The latest documents, oldest first, and the position of the first: v0's `partial_data` (and its `index`) while a crawl is active. */
export async function readLatestDocuments(
  store: Store,
  jobId: string,
  max = V0_PARTIAL_DATA_MAX,
): Promise<{ documents: Document[]; firstIndex: number }> {
  const count = await store.results.count(jobId, 'document');
  const firstIndex = Math.max(0, count - max);
  const page = await store.results.read(jobId, { offset: firstIndex, maxCount: max, maxBytes: Number.MAX_SAFE_INTEGER, kind: 'document' });
  return { documents: documentsOf(page.entries), firstIndex };
}

/** Every document of the job, in order: v0's `data` once a crawl completed. */
export async function readAllDocuments(store: Store, jobId: string): Promise<Document[]> {
  return documentsOf(await readAllEntries(store, jobId, 'document'));
}

export async function readErrorsReport(store: Store, jobId: string): Promise<ErrorsReport> {
  const errors = await readAllEntries(store, jobId, 'error');
  const robots = await readAllEntries(store, jobId, 'robots_blocked');
  return toErrorsReport(
    errors.filter((entry) => entry.kind === 'error'),
    robots.filter((entry) => entry.kind === 'robots_blocked'),
  );
}

/** Reads a whole sequence page by page, so a store never has to answer one huge read. */
export async function readAllEntries(store: Store, jobId: string, kind?: ResultKind): Promise<ResultEntry[]> {
  const entries: ResultEntry[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const page = await store.results.read(jobId, {
      offset,
      maxCount: GATHER_PAGE_COUNT,
      maxBytes: STATUS_PAGE_MAX_BYTES,
      ...(kind === undefined ? {} : { kind }),
    });
    entries.push(...page.entries);
    // An empty page cannot advance; stopping keeps a faulty store from looping us forever.
    offset = page.entries.length > 0 ? page.next : null;
  }
  return entries;
}

function documentsOf(entries: readonly ResultEntry[]): Document[] {
  const documents: Document[] = [];
  for (const entry of entries) if (entry.kind === 'document') documents.push(entry.document);
  return documents;
}
