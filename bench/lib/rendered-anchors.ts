// Crawlee's PlaywrightCrawler, the rival of `pnpm bench rendered-crawl`, set up as its docs show:
// its own browser pool and defaults (fingerprints, a page per request, a browser retired after
// 100 pages), on the same Debian Chromium and flags as Trawl, at the same concurrency.
import { counter, crawleeConfiguration, markdownPage, type CrawlTarget } from './crawl-anchors.js';
import type { RegistryPeer } from './registry-peer.js';

/** The machine's Chromium flags (its notes): no sandbox in a container, no GPU, no requests of its own. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * PlaywrightCrawler + enqueueLinks, each page's rendered HTML (page.content() at `load`, Crawlee's
 * default navigation wait) turned into Markdown by the Cheerio peer's Readability + turndown on
 * the registry's linkedom: the same work Trawl's default Markdown does. Crawlee drives Chromium
 * with playwright-core's `chromium`, the launcher the `playwright` package re-exports.
 */
export async function crawleePlaywright(
  { startUrl, pages, concurrency }: CrawlTarget,
  peer: RegistryPeer,
  executablePath: string,
): Promise<number> {
  const { PlaywrightCrawler } = await import('@crawlee/playwright');
  const { chromium } = await import('playwright-core');
  const count = counter(pages);
  const handle = markdownPage(count, peer);
  const crawler = new PlaywrightCrawler(
    {
      maxConcurrency: concurrency,
      minConcurrency: concurrency,
      maxRequestRetries: 0,
      launchContext: { launcher: chromium, launchOptions: { executablePath, headless: true, args: CHROMIUM_FLAGS } },
      async requestHandler({ page, enqueueLinks }) {
        await handle(
          () => page.content(),
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
