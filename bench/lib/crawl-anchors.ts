// The crawlers Trawl is measured against in `pnpm bench crawl`, each configured as its own docs
// allow. Every one stops at `pages` pages counted and resolves that count; the worker times it.
// None uses Crawlee's maxRequestsPerCrawl: near its end Crawlee 3.18's enqueueLinks cuts each
// page's links into batches of the budget left and sleeps 1 s between batches
// (addRequestsBatched, waitBetweenBatchesMillis), which measures a sleep, not a crawler.
import TurndownService from 'turndown';
import type { RegistryPeer } from './registry-peer.js';

export interface CrawlTarget {
  startUrl: string;
  pages: number;
  concurrency: number;
}

/** The hrefs a regex finds in a page: what a minimal crawler reads, no parser at all. */
const HREF = /<a\s[^>]*?href\s*=\s*["']([^"'#]+)/gi;

function sameHostLinks(html: string, pageUrl: string, origin: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(HREF)) {
    try {
      const url = new URL(match[1]!, pageUrl);
      if (url.origin === origin) links.push(url.href);
    } catch {
      // not a URL: skipped
    }
  }
  return links;
}

/** undici keep-alive pool + regex hrefs + a Set + p-queue: the floor of what a links crawl costs. */
export async function minimalCrawler({ startUrl, pages, concurrency }: CrawlTarget): Promise<number> {
  const { Pool } = await import('undici');
  const { default: PQueue } = await import('p-queue');
  const origin = new URL(startUrl).origin;
  const pool = new Pool(origin, { connections: concurrency, pipelining: 1 });
  const queue = new PQueue({ concurrency });
  const seen = new Set<string>([startUrl]);
  let done = 0;
  const visit = async (url: string): Promise<void> => {
    if (done >= pages) return;
    const { pathname, search } = new URL(url);
    const response = await pool.request({ path: pathname + search, method: 'GET' });
    const html = await response.body.text();
    if (done >= pages) return;
    done++;
    for (const link of sameHostLinks(html, url, origin)) {
      if (seen.has(link)) continue;
      seen.add(link);
      void queue.add(() => visit(link));
    }
  };
  void queue.add(() => visit(startUrl));
  await queue.onIdle();
  await pool.close();
  return done;
}

/**
 * spider-rs (Rust, through its Node binding), pinned to 0.0.157: the last release that ships a
 * linux-x64 binary. Its binding has no concurrency setting; the budget caps the pages.
 * Resolves undefined when the binary cannot load on this machine.
 */
export async function spiderRs({ startUrl, pages }: CrawlTarget): Promise<number | undefined> {
  let spider: typeof import('@spider-rs/spider-rs');
  try {
    spider = await import('@spider-rs/spider-rs');
  } catch (error) {
    console.error(`spider-rs skipped: its binary did not load (${(error as Error).message.split('\n')[0]})`);
    return undefined;
  }
  let done = 0;
  const website = new spider.Website(startUrl).withBudget({ '*': pages }).withRespectRobotsTxt(false).build();
  await website.crawl((_error, page) => {
    if (page) done++;
  });
  return Math.min(done, pages);
}

type Stoppable = { stop(message?: string): void };

/** Counts a page, and stops the crawler (Crawlee's crawler.stop()) once `pages` are counted. */
export function counter(pages: number) {
  let done = 0;
  let crawler: Stoppable | undefined;
  return {
    attach(c: Stoppable) {
      crawler = c;
    },
    /** False once the count is reached: that page is not counted and nothing more is enqueued. */
    take(): boolean {
      if (done >= pages) return false;
      if (++done === pages) crawler?.stop('page count reached');
      return true;
    },
    get done() {
      return done;
    },
  };
}

export async function crawleeConfiguration() {
  const { Configuration } = await import('@crawlee/http');
  return new Configuration({ persistStorage: false, purgeOnStart: true });
}

/** Crawlee's HttpCrawler, links read with the same regex and handed to enqueueLinks({ urls }). */
export async function crawleeHttp({ startUrl, pages, concurrency }: CrawlTarget): Promise<number> {
  const { HttpCrawler } = await import('@crawlee/http');
  const count = counter(pages);
  const origin = new URL(startUrl).origin;
  const crawler = new HttpCrawler(
    {
      maxConcurrency: concurrency,
      minConcurrency: concurrency,
      maxRequestRetries: 0,
      async requestHandler({ body, request, enqueueLinks }) {
        if (!count.take()) return;
        await enqueueLinks({ urls: sameHostLinks(body.toString(), request.loadedUrl ?? request.url, origin) });
      },
    },
    await crawleeConfiguration(),
  );
  count.attach(crawler);
  await crawler.run([startUrl]);
  return count.done;
}

/** Crawlee's CheerioCrawler with enqueueLinks (same hostname): its documented links crawl. */
export async function crawleeCheerio({ startUrl, pages, concurrency }: CrawlTarget): Promise<number> {
  const { CheerioCrawler } = await import('@crawlee/cheerio');
  const count = counter(pages);
  const crawler = new CheerioCrawler(
    {
      maxConcurrency: concurrency,
      minConcurrency: concurrency,
      maxRequestRetries: 0,
      async requestHandler({ enqueueLinks }) {
        if (!count.take()) return;
        await enqueueLinks({ strategy: 'same-hostname' });
      },
    },
    await crawleeConfiguration(),
  );
  count.attach(crawler);
  await crawler.run([startUrl]);
  return count.done;
}

/** Readability's article (or the whole body) as Markdown: what each Markdown peer makes of a page. */
function articleMarkdown(document: Document, turndown: TurndownService, { Readability }: RegistryPeer): string {
  const article = new Readability(document).parse();
  return turndown.turndown(article?.content ?? document.body?.innerHTML ?? '');
}

/** A Markdown peer's handling of one page: counted, its article turned into Markdown, its links enqueued. */
export function markdownPage(count: { take(): boolean }, peer: RegistryPeer) {
  const turndown = new TurndownService();
  return async (html: () => string | Promise<string>, enqueue: () => Promise<unknown>): Promise<void> => {
    if (!count.take()) return;
    const { document } = peer.parseHTML(await html());
    if (!articleMarkdown(document, turndown, peer)) throw new Error('empty Markdown');
    await enqueue();
  };
}

/**
 * The Markdown peer closest to Trawl's own stack: CheerioCrawler for fetching and links,
 * linkedom (the DOM Trawl uses, as the registry ships it: `peer`) + Readability + turndown.
 */
export async function crawleeCheerioLinkedomMarkdown({ startUrl, pages, concurrency }: CrawlTarget, peer: RegistryPeer): Promise<number> {
  const { CheerioCrawler } = await import('@crawlee/cheerio');
  const count = counter(pages);
  const page = markdownPage(count, peer);
  const crawler = new CheerioCrawler(
    {
      maxConcurrency: concurrency,
      minConcurrency: concurrency,
      maxRequestRetries: 0,
      async requestHandler({ body, enqueueLinks }) {
        await page(
          () => body.toString(),
          () => enqueueLinks({ strategy: 'same-hostname' }),
        );
      },
    },
    await crawleeConfiguration(),
  );
  count.attach(crawler);
  await crawler.run([startUrl]);
  return count.done;
}

/** JSDOMCrawler + Readability + turndown: the jsdom Markdown stack. */
export async function crawleeJsdomMarkdown({ startUrl, pages, concurrency }: CrawlTarget, peer: RegistryPeer): Promise<number> {
  const { JSDOMCrawler } = await import('@crawlee/jsdom');
  const turndown = new TurndownService();
  const count = counter(pages);
  const crawler = new JSDOMCrawler(
    {
      maxConcurrency: concurrency,
      minConcurrency: concurrency,
      maxRequestRetries: 0,
      async requestHandler({ window, enqueueLinks }) {
        if (!count.take()) return;
        // Readability changes the document it reads; enqueueLinks reads the same window after it.
        if (!articleMarkdown(window.document.cloneNode(true) as Document, turndown, peer)) throw new Error('empty Markdown');
        await enqueueLinks({ strategy: 'same-hostname' });
      },
    },
    await crawleeConfiguration(),
  );
  count.attach(crawler);
  await crawler.run([startUrl]);
  return count.done;
}
