// Every code path that converts a page (scrape with each format alone and all together, the
// links-only scrape, batch scrape, crawl with and without a tree, map) over real dev-set pages
// served by a local server: no page may end in an INTERNAL error (issue #32: a crawl lost pages
// that scrape converted). core's test/every-path runs a fixed sample in CI, `pnpm bench
// every-path` every page.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { batchScrape, crawl, errorCodeOf, type Format, map, scrape } from '@trawl/core';
import type { EvalSetName } from './eval-sets.js';

export interface PathPage {
  set: EvalSetName;
  id: string;
  html: string;
}

/** One failure of one path on one page. */
export interface PathFailure {
  path: string;
  url: string;
  code: string;
  message: string;
}

export interface EveryPathResult {
  pages: number;
  /** Conversions run, all paths together. */
  runs: number;
  failures: PathFailure[];
  /** 404s of the pages' own relative links to paths this server does not serve (not failures). */
  brokenLinks: number;
}

/** The formats a page converts to without a model or a browser; each runs alone, then all at once. */
const FORMATS: Format[] = ['markdown', 'html', 'rawHtml', 'links'];

/** The page served for a dev-set page. */
export const pagePath = (page: Pick<PathPage, 'set' | 'id'>) => `/p/${page.set}/${encodeURIComponent(page.id)}`;

/** Serves the pages on 127.0.0.1 (UTF-8) and an index at `/` linking to each of them. */
async function servePages(pages: PathPage[]): Promise<{ server: Server; origin: string }> {
  const byPath = new Map(pages.map((page) => [pagePath(page), page]));
  const index = `<!DOCTYPE html><html><head><title>Dev pages</title></head><body><ul>${pages
    .map((page) => `<li><a href="${pagePath(page)}">${page.set} ${page.id}</a></li>`)
    .join('')}</ul></body></html>`;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const body = path === '/' ? index : byPath.get(path)?.html;
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body ?? '<!DOCTYPE html><title>Not found</title><p>Not found</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * Runs every path over `pages`. `concurrency` scrapes run at once (scrape converts in the shared
 * thread pool, like the server). Failures of any code are returned; the caller judges which count.
 */
export async function runEveryPath(
  pages: PathPage[],
  options: { concurrency?: number; log?: (line: string) => void } = {},
): Promise<EveryPathResult> {
  const { server, origin } = await servePages(pages);
  const log = options.log ?? (() => {});
  const failures: PathFailure[] = [];
  let runs = 0;
  let brokenLinks = 0;
  const served = new Set(pages.map(pagePath));
  const fail = (path: string, url: string, error: unknown) => {
    failures.push({ path, url, code: errorCodeOf(error) ?? 'THROWN', message: error instanceof Error ? error.message : String(error) });
  };
  const urls = pages.map((page) => `${origin}${pagePath(page)}`);
  try {
    // Scrape: each format alone (links alone is the tokenizer path), then all of them on the whole page.
    const scrapes = urls.flatMap((url) => [
      ...FORMATS.map((format) => ({ url, path: `scrape ${format}`, options: { formats: [format] } })),
      { url, path: 'scrape all formats, whole page', options: { formats: FORMATS, onlyMainContent: false } },
    ]);
    let next = 0;
    await Promise.all(
      Array.from({ length: options.concurrency ?? 4 }, async () => {
        for (let item = scrapes[next++]; item; item = scrapes[next++]) {
          runs++;
          await scrape(item.url, item.options).catch((error: unknown) => fail(item.path, item.url, error));
        }
      }),
    );
    log(`scrape: ${scrapes.length} runs`);

    const jobErrors = async (path: string, job: ReturnType<typeof crawl>) => {
      for await (const _ of job) runs++;
      const summary = await job.done;
      for (const error of (await job.errors()).errors) {
        if (error.code === 'HTTP_404' && !served.has(new URL(error.url).pathname)) brokenLinks++;
        else failures.push({ path, url: error.url, code: error.code ?? 'UNKNOWN', message: error.error });
      }
      if (summary.status !== 'completed')
        failures.push({ path, url: origin, code: summary.error?.code ?? 'UNKNOWN', message: `job ${summary.status}` });
      log(`${path}: ${summary.completed} completed, ${summary.failed} failed`);
    };
    await jobErrors('batch scrape', batchScrape(urls, { scrapeOptions: { formats: ['markdown', 'links'] } }));
    // A crawl converts each page with its links read from the same tree (the onParsed hook);
    // a links-only crawl reads them with the tokenizer. The pages' own relative links lead to
    // this server's 404s (counted apart): the limit leaves room for them.
    const crawlOptions = { ignoreSitemap: true, includePaths: ['^/p/'], limit: pages.length * 3 + 1 };
    await jobErrors('crawl', crawl(`${origin}/`, { ...crawlOptions, scrapeOptions: { formats: ['markdown'] } }));
    await jobErrors('crawl links only', crawl(`${origin}/`, { ...crawlOptions, scrapeOptions: { formats: ['links'] } }));
    runs++;
    const found = await map(`${origin}/`, { ignoreSitemap: true }).catch((error: unknown) => {
      fail('map', origin, error);
      return [];
    });
    log(`map: ${found.length} links`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return { pages: pages.length, runs, failures, brokenLinks };
}
