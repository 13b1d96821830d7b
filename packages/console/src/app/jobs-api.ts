import { api } from './api.js';

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

/** The team's jobs of every kind, newest first (each list's first page). */
export async function listJobs(): Promise<JobRow[]> {
  const lists = await Promise.all(
    (Object.keys(JOB_KINDS) as JobKindName[]).map(async (kind) => {
      const answer = await api('GET', JOB_KINDS[kind].list);
      return ((answer[JOB_KINDS[kind].field] ?? []) as Omit<JobRow, 'kind'>[]).map((row) => ({ ...row, kind }));
    }),
  );
  return lists.flat().sort((a, b) => b.createdAt.localeCompare(a.createdAt));
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
