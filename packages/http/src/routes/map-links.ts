import type { MapLink } from '@trawl/core';
import { mapSite, spendCredits } from '@trawl/core/server';
import { CREDIT_COSTS } from '../limits/credits.js';
import type { ApiContext, RouteRequest } from './types.js';

/** The first link of each URL once its query string is dropped (v2's `ignoreQueryParameters`). */
export function withoutQueryDuplicates(links: readonly MapLink[]): MapLink[] {
  const seen = new Set<string>();
  return links.filter((link) => {
    const url = new URL(link.url);
    url.search = '';
    url.hash = '';
    if (seen.has(url.href)) return false;
    seen.add(url.href);
    return true;
  });
}

/** What v1's and v2's map requests ask of `mapSite`, once each version has read its sitemap field. */
export interface MapRequest {
  url: string;
  search?: string | undefined;
  ignoreSitemap: boolean;
  sitemapOnly: boolean;
  includeSubdomains: boolean;
  limit: number;
  timeout?: number | undefined;
  headers?: Record<string, string> | undefined;
  ignoreRobotsTxt?: boolean | undefined;
  filterByPath?: boolean | undefined;
}

/** Maps the site for the caller's team, paying the map's credits (nothing when it fails). */
export function mapForTeam(request: RouteRequest, api: ApiContext, map: MapRequest) {
  return spendCredits(api.runtime.store.teams, request.account, CREDIT_COSTS.map, () =>
    mapSite(map.url, {
      ...(map.search ? { search: map.search } : {}),
      ignoreSitemap: map.ignoreSitemap,
      sitemapOnly: map.sitemapOnly,
      includeSubdomains: map.includeSubdomains,
      limit: map.limit,
      ...(map.timeout === undefined ? {} : { timeout: map.timeout }),
      ...(map.headers ? { headers: map.headers } : {}),
      ...(map.ignoreRobotsTxt ? { ignoreRobots: true } : {}),
      ...(map.filterByPath ? { withinPath: true } : {}),
      runtime: api.runtime,
      signal: request.signal,
    }),
  );
}
