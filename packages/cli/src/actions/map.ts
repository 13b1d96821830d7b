import { createRuntime, map, typedTargetUrl } from '@trawl/core';
import type { MapFlags } from '../commands/map.js';
import { type CliIO, writeLine } from '../io.js';

/** `trawl map <url>`: the site's URLs, one per line. */
export async function mapAction(url: string, flags: MapFlags, io: CliIO): Promise<void> {
  // A map loads pages over HTTP only; its runtime owns the connection pools it leaves open.
  const runtime = createRuntime({}, { owns: ['sharedPools'] });
  try {
    const links = await map(typedTargetUrl(url), {
      ...(flags.search ? { search: flags.search } : {}),
      ...(flags.limit ? { limit: flags.limit } : {}),
      ...(flags.timeout ? { timeout: flags.timeout } : {}),
      ignoreSitemap: !flags.sitemap,
      sitemapOnly: flags.sitemapOnly ?? false,
      includeSubdomains: flags.subdomains ?? false,
      runtime,
    });
    for (const link of links) writeLine(io.stdout, link);
  } finally {
    await runtime.close();
  }
}
