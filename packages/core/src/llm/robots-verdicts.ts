import { httpResourceFetcher } from '../crawl/http-resource-fetcher.js';
import { createRobotsPolicy } from '../crawl/robots.js';
import type { Runtime } from '../runtime/types.js';

export interface RobotsVerdicts {
  allowed: string[];
  disallowed: string[];
}

/**
 * Which of the pages a job found it may load, decided as a crawl decides: the same robots.txt
 * policy (an unreachable file disallows), fetched with the job's user agent and SSRF policy.
 * Map lists what sitemaps name whatever robots.txt says; loading those pages is another matter.
 */
export async function robotsVerdicts(urls: readonly string[], runtime: Runtime): Promise<RobotsVerdicts> {
  const fetcher = httpResourceFetcher(
    { userAgent: runtime.userAgent, timeout: 30_000, dispatcher: runtime.dispatcherFor(false) },
    runtime.policy,
  );
  const robots = createRobotsPolicy({ fetcher, userAgent: runtime.robotsUserAgent });
  const allowed = await Promise.all(urls.map((url) => robots.isAllowed(url)));
  return { allowed: urls.filter((_, i) => allowed[i]), disallowed: urls.filter((_, i) => !allowed[i]) };
}

/** The warning a job gives for pages robots.txt kept it from loading. */
export function robotsWarning(disallowed: readonly string[]): string | undefined {
  if (!disallowed.length) return undefined;
  return `${disallowed.length} page(s) are disallowed by robots.txt and left out: ${disallowed.slice(0, 5).join(', ')}${disallowed.length > 5 ? ', …' : ''}.`;
}
