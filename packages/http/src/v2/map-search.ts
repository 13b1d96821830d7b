import { randomUUID } from 'node:crypto';
import type { Format, SearchResultItem } from '@trawl/core';
import { v2MapBodySchema } from '../schemas/v2-map.js';
import { type SearchSource, v2SearchBodySchema } from '../schemas/v2-search.js';
import { memoryScrapeOptions } from '../routes/memory-scrape-options.js';
import { planV2Scrape, type V2ScrapePlan } from './scrape-plan.js';
import { hostedOnlyWarnings } from '../routes/hosted-only-warnings.js';
import { categoryOf, providerQuery } from './search-query.js';
import { toV2Document } from './v2-document.js';
import { parseV2Body } from '../routes/parse-v2-body.js';
import { runTeamSearch } from '../routes/team-search.js';
import { mapForTeam, withoutQueryDuplicates } from '../routes/map-links.js';
import type { RouteHandler } from '../routes/types.js';

/** `POST /v2/map`: links as `{url, title?, description?}` (titles of the pages the map fetched). */
export const v2Map: RouteHandler = async (request, api) => {
  const body = parseV2Body(v2MapBodySchema, request.body);
  const found = await mapForTeam(request, api, { ...body, ignoreSitemap: body.sitemap === 'skip', sitemapOnly: body.sitemap === 'only' });
  const links = body.ignoreQueryParameters ? withoutQueryDuplicates(found.links) : found.links;
  const warnings = [
    ...found.warnings,
    ...hostedOnlyWarnings(body, { map: true }),
    ...(body.location ? ['location is not applied to map: its pages are fetched without a browser'] : []),
  ];
  return { body: { success: true, links, ...(warnings.length ? { warning: warnings.join('; ') } : {}) } };
};

const KNOWN_SOURCES = new Set(['web', 'news', 'images']);

/** `POST /v2/search`: `{data: {web}}`; scraped hits carry the Document fields in v2's shape. */
export const v2Search: RouteHandler = async (request, api) => {
  const {
    query,
    sources: sourceEntries = [{ name: 'web', options: {} }],
    categories = [],
    includeDomains,
    excludeDomains,
    scrapeOptions,
    ...body
  } = parseV2Body(v2SearchBodySchema, request.body);
  const plan = scrapeOptions?.formats?.length ? searchScrapePlan(planV2Scrape(scrapeOptions)) : undefined;
  const sources = sourceEntries.map((source) => source.name);
  const web = webSourceOptions(sourceEntries);
  const tbs = body.tbs ?? web.tbs;
  const location = body.location ?? web.location;
  const warnings = [
    ...web.warnings,
    ...hostedOnlyWarnings(body),
    ...(plan?.shaping.warnings ?? []),
    ...sourceWarnings(sources, api.runtime.searchProvider?.name),
  ];
  if (body.highlights) warnings.push('highlights are not generated: they are a Firecrawl hosted feature');
  if (body.filter) warnings.push('filter is not applied: the search providers take no such filter');
  if (body.enterprise?.some((mode) => mode !== 'default'))
    warnings.push(
      'enterprise search modes change nothing here: the query goes to the configured provider and results stay in your own store',
    );
  const id = randomUUID();
  if (!sources.includes('web')) return { body: { success: true, data: {}, creditsUsed: 0, id, warning: warnings.join('; ') } };
  const { outcome, creditsUsed } = await runTeamSearch(
    {
      query: providerQuery(query, { categories, includeDomains, excludeDomains }),
      options: {
        limit: body.limit,
        timeout: body.timeout,
        ...(tbs ? { tbs } : {}),
        ...(location ? { location } : {}),
        ...(body.country ? { country: body.country } : {}),
        ...(body.lang ? { lang: body.lang } : {}),
        ...(plan ? { scrapeOptions: plan.scrapeOptions, memory: memoryScrapeOptions(api, request.teamId, plan.memory) } : {}),
      },
    },
    request,
    api,
  );
  if (outcome.warning) warnings.unshift(outcome.warning);
  const results = outcome.data.map((item, index) => toWebResult(item, index, plan, categories));
  return { body: { success: true, data: { web: results }, creditsUsed, id, ...(warnings.length ? { warning: warnings.join('; ') } : {}) } };
};

/** Core scrapes hits when Markdown is asked for, so it is always asked for and dropped when the caller did not want it. */
function searchScrapePlan(plan: V2ScrapePlan): V2ScrapePlan {
  const formats = (plan.scrapeOptions.formats ?? []) as Format[];
  if (formats.includes('markdown')) return plan;
  return {
    scrapeOptions: { ...plan.scrapeOptions, formats: [...formats, 'markdown'] },
    shaping: { ...plan.shaping, drop: [...plan.shaping.drop, 'markdown'] },
    memory: plan.memory,
  };
}

/**
 * The web source's own `tbs` and `location` (`{type: "web", tbs}`), used where the body sets
 * none; any other option a source carries is named in a warning rather than dropped unseen.
 */
function webSourceOptions(sources: readonly SearchSource[]): { tbs?: string; location?: string; warnings: string[] } {
  const found: { tbs?: string; location?: string; warnings: string[] } = { warnings: [] };
  for (const { name, options } of sources) {
    for (const [key, value] of Object.entries(options)) {
      if (value === undefined) continue;
      if (name === 'web' && (key === 'tbs' || key === 'location') && typeof value === 'string') found[key] = value;
      else found.warnings.push(`the ${name.slice(0, 50)} source's ${key.slice(0, 50)} option is not applied here`);
    }
  }
  return found;
}

function sourceWarnings(sources: readonly string[], provider: string | undefined): string[] {
  const warnings: string[] = [];
  const by = provider ? `the ${provider} search provider` : 'this search provider';
  for (const source of new Set(sources)) {
    if (source === 'news' || source === 'images') warnings.push(`${by} has no ${source} search: no ${source} results`);
    else if (!KNOWN_SOURCES.has(source))
      warnings.push(`the "${source.slice(0, 50)}" source is a Firecrawl hosted source: no results from it`);
  }
  return warnings;
}

function toWebResult(
  item: SearchResultItem,
  index: number,
  plan: V2ScrapePlan | undefined,
  categories: readonly ('github' | 'research' | 'pdf')[],
) {
  const category = categories.length ? categoryOf(item.url, categories) : undefined;
  const base = { url: item.url, title: item.title, description: item.description, position: index + 1, ...(category ? { category } : {}) };
  if (!item.metadata) return base;
  const { url, title, description, ...document } = item;
  void url, void title, void description;
  return { ...toV2Document({ ...document, metadata: item.metadata }, plan?.shaping), ...base };
}
