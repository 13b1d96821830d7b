import { createRuntime } from '@trawl/core';
import { mapSite, typedTargetUrl } from '@trawl/core/server';
import type { MapFlags } from '../commands/map.js';
import { Interrupted } from '../interrupted.js';
import { type CliIO, writeLine } from '../io.js';

/** `trawl map <url>`: the site's URLs, one per line; Ctrl-C prints those found so far (exit 130). */
export async function mapAction(url: string, flags: MapFlags, io: CliIO): Promise<void> {
  // A map loads pages over HTTP only; its runtime owns the connection pools it leaves open.
  const runtime = createRuntime({}, { owns: ['sharedPools'] });
  const stop = new AbortController();
  const onSigint = () => stop.abort();
  process.once('SIGINT', onSigint);
  try {
    const found = await mapSite(typedTargetUrl(url), {
      ...(flags.search ? { search: flags.search } : {}),
      ...(flags.limit ? { limit: flags.limit } : {}),
      ...(flags.timeout ? { timeout: flags.timeout } : {}),
      ignoreSitemap: !flags.sitemap,
      sitemapOnly: flags.sitemapOnly ?? false,
      includeSubdomains: flags.subdomains ?? false,
      runtime,
      signal: stop.signal,
    });
    for (const link of found.links) writeLine(io.stdout, link.url);
    for (const warning of found.warnings) writeLine(io.stderr, warning);
    if (stop.signal.aborted) {
      writeLine(io.stderr, `stopped: ${found.links.length} URLs found so far`);
      throw new Interrupted('trawl map');
    }
  } finally {
    process.off('SIGINT', onSigint);
    await runtime.close();
  }
}
