import { api } from './api.js';
import type { JobListPage } from './job-feed.js';

/** The job kinds the console lists, each with its public routes. */
export const JOB_KINDS = {
  crawl: { label: 'Crawl', list: '/v2/crawl', field: 'crawls', status: '/v2/crawl', cancel: true, pages: true },
  batch: { label: 'Batch scrape', list: '/v2/batch/scrape', field: 'batches', status: '/v2/batch/scrape', cancel: true, pages: true },
  extract: { label: 'Extract', list: '/v2/extract', field: 'extracts', status: '/v2/extract', cancel: false, pages: false },
  llmstxt: { label: 'llms.txt', list: '/v1/llmstxt', field: 'jobs', status: '/v1/llmstxt', cancel: false, pages: false },
} as const;

export type JobKindName = keyof typeof JOB_KINDS;

export interface JobRow {
  kind: JobKindName;
  id: string;
  status: string;
  url?: string;
  createdAt: string;
  completed: number;
  total: number;
  failed: number;
  creditsUsed: number;
}

/** One page of a kind's list: its first (`url` unset) or the one at a `next` URL the API gave. */
export async function listJobPage(kind: JobKindName, url: string = JOB_KINDS[kind].list): Promise<JobListPage> {
  const answer = await api('GET', url);
  const rows = ((answer[JOB_KINDS[kind].field] ?? []) as Omit<JobRow, 'kind'>[]).map((row) => ({ ...row, kind }));
  return typeof answer.next === 'string' ? { rows, next: answer.next } : { rows };
}

/** Every page of a crawl's or batch's results, following `next`. */
// biome-ignore lint/suspicious/noExplicitAny: v2 Documents
export async function allDocuments(kind: JobKindName, id: string): Promise<any[]> {
  const documents = [];
  let next: string | undefined = `${JOB_KINDS[kind].status}/${id}?limit=100`;
  while (next) {
    const page = await api('GET', next);
    documents.push(...(page.data ?? []));
    next = page.next;
  }
  return documents;
}
