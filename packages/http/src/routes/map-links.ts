import type { MapLink } from '@trawl/core';

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
