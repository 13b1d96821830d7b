/**
 * v2 search's `categories` and domain lists as filters on the provider's query (the `site:` and
 * `filetype:` operators every web search engine reads), and each hit's category read back from
 * its URL. Pure.
 */
import type { SearchCategory } from '../schemas/v2-search.js';

/** Academic sites the `research` category searches, as Firecrawl's does (~14 domains). */
export const RESEARCH_SITES = [
  'arxiv.org',
  'scholar.google.com',
  'pubmed.ncbi.nlm.nih.gov',
  'ncbi.nlm.nih.gov',
  'biorxiv.org',
  'medrxiv.org',
  'semanticscholar.org',
  'researchgate.net',
  'nature.com',
  'sciencedirect.com',
  'ieeexplore.ieee.org',
  'dl.acm.org',
  'link.springer.com',
  'journals.plos.org',
] as const;

const CATEGORY_FILTERS: Record<SearchCategory, string[]> = {
  github: ['site:github.com'],
  research: RESEARCH_SITES.map((site) => `site:${site}`),
  pdf: ['filetype:pdf'],
};

export interface QueryFilters {
  categories?: readonly SearchCategory[] | undefined;
  includeDomains?: readonly string[] | undefined;
  excludeDomains?: readonly string[] | undefined;
}

export function providerQuery(query: string, filters: QueryFilters): string {
  const parts = [query];
  const anyOf = (terms: string[]) => (terms.length === 1 ? terms[0]! : `(${terms.join(' OR ')})`);
  const categoryTerms = [...new Set(filters.categories ?? [])].flatMap((category) => CATEGORY_FILTERS[category]);
  if (categoryTerms.length) parts.push(anyOf(categoryTerms));
  if (filters.includeDomains?.length) parts.push(anyOf(filters.includeDomains.map((domain) => `site:${domain}`)));
  for (const domain of filters.excludeDomains ?? []) parts.push(`-site:${domain}`);
  return parts.join(' ');
}

/** The category a hit answers, when the search asked for categories. */
export function categoryOf(url: string, categories: readonly SearchCategory[]): SearchCategory | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const host = parsed.hostname.toLowerCase();
  const onSite = (site: string) => host === site || host.endsWith(`.${site}`);
  if (categories.includes('github') && onSite('github.com')) return 'github';
  if (categories.includes('research') && RESEARCH_SITES.some(onSite)) return 'research';
  if (categories.includes('pdf') && parsed.pathname.toLowerCase().endsWith('.pdf')) return 'pdf';
  return undefined;
}
