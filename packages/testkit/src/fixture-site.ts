import { createRouter, type Route } from './server/router.js';
import { startRecordingServer, type FixtureSite } from './server/recording-server.js';
import { requestOrigin } from './server/respond.js';
import { articleRoutes } from './routes/articles.js';
import { blockRoutes } from './routes/blocks.js';
import { brokenMarkupRoutes } from './routes/broken-markup.js';
import { browserRoutes } from './routes/browser.js';
import { type ChangingPage, changingRoutes } from './routes/changing.js';
import { charsetRoutes } from './routes/charsets.js';
import { compressedRoutes } from './routes/compressed.js';
import { contentFailureRoutes } from './routes/content-failures.js';
import { crawlRoutes } from './routes/crawl.js';
import { hostileRoutes } from './routes/hostile.js';
import { limitRoutes } from './routes/limits.js';
import { markdownNitRoutes } from './routes/markdown-nits.js';
import { nonHtmlRoutes } from './routes/non-html.js';
import { documentRoutes } from './routes/documents.js';
import { pageTypeRoutes } from './routes/page-types.js';
import { profileRoutes } from './routes/profiles.js';
import { redirectRoutes } from './routes/redirects.js';
import { robotsAndSitemapRoutes } from './routes/robots-sitemaps.js';
import { sitePageRoutes } from './routes/site-pages.js';
import { sendNotFound, statusRoutes, type FlakyCounters } from './routes/status.js';
import { timingRoutes } from './routes/timing.js';
import { trapRoutes } from './routes/traps.js';

export interface FixtureSiteOptions {
  /** Seconds; adds `Crawl-delay:` to robots.txt for `User-agent: *`. */
  crawlDelay?: number;
  /** Replaces robots.txt entirely. */
  robotsTxt?: string;
  /** Pages served under `/changing/<name>`, read on each request: a test edits them between scrapes. */
  changingPages?: Map<string, ChangingPage>;
}

/** Starts the fixture site (every route in packages/testkit/README.md) on 127.0.0.1 at a random port. */
export async function startFixtureSite(options: FixtureSiteOptions = {}): Promise<FixtureSite> {
  const flakyCounters: FlakyCounters = new Map();
  const routes: Route[] = [
    ...sitePageRoutes(),
    ...articleRoutes(),
    ...pageTypeRoutes(),
    ...profileRoutes(),
    ...brokenMarkupRoutes(),
    ...contentFailureRoutes(),
    ...charsetRoutes(),
    ...redirectRoutes(),
    ...statusRoutes(flakyCounters),
    ...timingRoutes(),
    ...compressedRoutes(),
    ...nonHtmlRoutes(),
    ...documentRoutes(),
    ...crawlRoutes(),
    ...trapRoutes(),
    ...robotsAndSitemapRoutes(options),
    ...browserRoutes(),
    ...blockRoutes(),
    ...limitRoutes(),
    ...hostileRoutes(),
    ...markdownNitRoutes(),
    ...changingRoutes(options.changingPages ?? new Map()),
  ];
  const route = createRouter(routes, ({ res }) => sendNotFound(res));
  return startRecordingServer((req, res) => {
    const origin = requestOrigin(req);
    return route({ req, res, url: new URL(req.url ?? '/', origin), origin, params: [] });
  });
}
