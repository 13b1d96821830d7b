import type { PageMemoryRequest } from '../memory/page-memory.js';
import type { ResolvedScrapeOptions } from '../options.js';
import type { JobRecord } from '../ports/store.js';
import type { ResolvedCrawlOptions } from './crawl-options.js';

/**
 * What a crawl or batch job stores in its record's `options`: everything any worker, in any
 * process, needs to run the job's pages. `extra` carries what adapters add (e.g. a webhook).
 */
export interface JobSpec {
  kind: 'crawl' | 'batch_scrape';
  /** The start URL of a crawl; the first URL of a batch. */
  url: string;
  rules: ResolvedCrawlOptions;
  scrapeOptions: ResolvedScrapeOptions;
  /** What the job's pages ask of the page memory: change tracking (crawl and batch), the scrape cache (batch). */
  memory?: PageMemoryRequest;
  /** The label of the API key that started the job: its pages' credits and tokens are charged to it. */
  apiKey?: string;
  extra?: Record<string, unknown>;
}

export function specOf(record: JobRecord): JobSpec {
  const spec = record.options as JobSpec | undefined;
  if (!spec || (spec.kind !== 'crawl' && spec.kind !== 'batch_scrape') || typeof spec.url !== 'string') {
    throw new Error(`Job ${record.id} (${record.kind}) carries no crawl or batch specification`);
  }
  return spec;
}

/**
 * The frontier key of the item that seeds a crawl (robots check, start URL, sitemaps). No URL's
 * dedupe key looks like it (those start with `//` or a scheme and `//`), and it is plain text that
 * every store can hold (PostgreSQL text refuses NUL; it once began with one).
 */
export const KICKOFF_KEY = 'trawl:kickoff';

export interface ItemData {
  kickoff?: true;
  /** Set on a redirect target claimed by the page that redirected to it: already scraped. */
  redirectOf?: string;
  /** The item that offers a change-tracking crawl's remembered pages once all else is done (crawl/remembered-pages.ts). */
  remembered?: true;
  /** A page only remembered from an earlier crawl, not reached by this one: reported `hidden`. */
  hidden?: true;
}

/** The frontier key of a change-tracking crawl's remembered-pages item (not a URL key, like KICKOFF_KEY). */
export const REMEMBERED_KEY = 'trawl:remembered';
