import { closeDispatchers, map, typedTargetUrl } from '@trawl/core';
import type { MapFlags } from '../commands/map.js';
import { type CliIO, writeLine } from '../io.js';

/** `trawl map <url>`: the site's URLs, one per line. */
export async function mapAction(url: string, flags: MapFlags, io: CliIO): Promise<void> {
  try {
    const links = await map(typedTargetUrl(url), {
      ...(flags.search ? { search: flags.search } : {}),
      ...(flags.limit ? { limit: flags.limit } : {}),
      ...(flags.timeout ? { timeout: flags.timeout } : {}),
      ignoreSitemap: !flags.sitemap,
      sitemapOnly: flags.sitemapOnly ?? false,
      includeSubdomains: flags.subdomains ?? false,
    });
    for (const link of links) writeLine(io.stdout, link);
  } finally {
    await closeDispatchers();
  }
}
