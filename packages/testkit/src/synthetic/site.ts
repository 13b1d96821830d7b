import { urlsetXml } from '../routes/robots-sitemaps.js';
import { pathWithoutQuery, startRecordingServer, type FixtureSite } from '../server/recording-server.js';
import { HTML, requestOrigin, send } from '../server/respond.js';
import { resolveSyntheticOptions, syntheticPagePaths, type SyntheticSiteOptions } from './graph.js';
import { APP_SHELL_SCRIPT, APP_SHELL_SCRIPT_PATH, isAppShellPage, syntheticAppShellHtml } from './app-shell.js';
import { syntheticPageHtml } from './page.js';

export interface SyntheticSite extends FixtureSite {
  /** Every page path; page 0 is "/". */
  pagePaths: string[];
}

export interface SyntheticSiteServing {
  /** Each page answers after this long (default 0): keeps a crawl running while a test breaks something. */
  pageDelayMs?: number;
  /** One page in this many is an app shell whose content only a browser shows (see app-shell.ts); default none. */
  appShellEvery?: number;
}

/** Serves a deterministic site of `pages` generated pages, plus robots.txt (allow all) and /sitemap.xml. */
export async function startSyntheticSite(options: SyntheticSiteOptions & SyntheticSiteServing): Promise<SyntheticSite> {
  const resolved = resolveSyntheticOptions(options);
  const pagePaths = syntheticPagePaths(resolved);
  const indexByPath = new Map(pagePaths.map((path, index) => [path, index]));
  // Keyed by origin because the sitemap holds absolute URLs on the host the client used.
  const sitemaps = new Map<string, Buffer>();

  const site = await startRecordingServer((req, res) => {
    const origin = requestOrigin(req);
    const path = pathWithoutQuery(req.url ?? '/');
    const index = indexByPath.get(path);
    if (index !== undefined) {
      const page = isAppShellPage(index, options.appShellEvery)
        ? syntheticAppShellHtml(index, resolved)
        : syntheticPageHtml(index, resolved);
      if (options.pageDelayMs) setTimeout(() => send(res, 200, HTML, page), options.pageDelayMs);
      else send(res, 200, HTML, page);
    } else if (path === APP_SHELL_SCRIPT_PATH && options.appShellEvery) {
      send(res, 200, 'text/javascript; charset=utf-8', APP_SHELL_SCRIPT);
    } else if (path === '/robots.txt') {
      send(res, 200, 'text/plain; charset=utf-8', `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`);
    } else if (path === '/sitemap.xml') {
      let sitemap = sitemaps.get(origin);
      if (!sitemap) {
        sitemap = Buffer.from(urlsetXml(origin, pagePaths), 'utf8');
        sitemaps.set(origin, sitemap);
      }
      send(res, 200, 'application/xml; charset=utf-8', sitemap);
    } else {
      send(res, 404, HTML, '<!doctype html><title>Page not found</title><h1>Page not found</h1>');
    }
  });
  return { ...site, pagePaths };
}
