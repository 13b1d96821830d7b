import { mapSite } from '../../crawl/map.js';
import { normalizeUrl } from '../../url/normalize.js';
import type { Runtime } from '../../runtime/types.js';
import { robotsVerdicts, robotsWarning } from '../robots-verdicts.js';
import type { ExtractRequest } from './extract-request.js';
import { rankByRelevance, relevanceQuery } from './rank-pages.js';
import { isUrlPattern, matchesUrlPattern, patternBase } from './url-patterns.js';

/** Links a pattern's map collects at most before matching. */
const MAP_LINK_LIMIT = 1000;
const MAP_TIMEOUT_MS = 60_000;

export interface ExpandedUrls {
  /** Pages to read, best first: the URLs named as they are, then pattern matches by relevance. */
  urls: string[];
  warnings: string[];
}

/** Turns extract's URLs and globs into the pages to read: each glob's site is mapped and matched. */
export async function expandExtractUrls(request: ExtractRequest, runtime: Runtime, signal: AbortSignal): Promise<ExpandedUrls> {
  const named = request.urls.filter((u) => !isUrlPattern(u));
  const warnings: string[] = [];
  const matched: string[] = [];
  for (const pattern of request.urls.filter(isUrlPattern)) {
    const base = patternBase(pattern);
    // Only the pattern's prefix is walked: a glob of /blog/* never wanders into /calendar.
    const mapped = await mapSite(base, {
      withinPath: true,
      ignoreSitemap: request.ignoreSitemap,
      includeSubdomains: request.includeSubdomains,
      limit: MAP_LINK_LIMIT,
      timeout: MAP_TIMEOUT_MS,
      headers: request.scrapeOptions?.headers,
      runtime,
      signal,
    });
    warnings.push(...mapped.warnings);
    const hits = mapped.links
      .map((link) => link.url)
      .filter((link) => matchesUrlPattern(link, pattern, { includeSubdomains: request.includeSubdomains }));
    if (!hits.length) warnings.push(`No page of ${base} matched ${pattern}.`);
    matched.push(...hits);
  }
  // Pages a pattern found are loaded as a crawl loads them: robots.txt permitting. Named pages are read as asked, as scrape reads them.
  const { allowed, disallowed } = await robotsVerdicts(dedupeUrls(matched), runtime);
  const blocked = robotsWarning(disallowed);
  if (blocked) warnings.push(blocked);
  const ranked = rankByRelevance(allowed, relevanceQuery(request.prompt, request.schema));
  return { urls: dedupeUrls([...named, ...ranked]), warnings };
}

/** Drops later spellings of a page already listed. */
export function dedupeUrls(urls: readonly string[]): string[] {
  const seen = new Set<string>();
  return urls.filter((u) => {
    const key = keyOf(u);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function keyOf(url: string): string {
  try {
    return normalizeUrl(url);
  } catch {
    return url;
  }
}
