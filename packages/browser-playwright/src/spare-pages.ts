import type { Browser as PlaywrightBrowser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

export interface OpenPage {
  context: BrowserContext;
  page: Page;
}

/**
 * For isolation 'context'. Starting a page's renderer is the dearest step of a load. Each browser
 * keeps one fresh, unused context and page ready for the options last asked for, made while other
 * pages load; a load with those options takes it (still isolated: it was never used) and a new one is made.
 */
export class SparePages {
  readonly #spares = new WeakMap<PlaywrightBrowser, { key: string; ready: Promise<OpenPage> }>();
  readonly #opened = new WeakMap<PlaywrightBrowser, number>();

  async open(browser: PlaywrightBrowser, options: BrowserContextOptions): Promise<OpenPage> {
    const count = (this.#opened.get(browser) ?? 0) + 1;
    this.#opened.set(browser, count);
    const key = JSON.stringify(options);
    const spare = this.#spares.get(browser);
    this.#spares.delete(browser);
    let opened: OpenPage | undefined;
    if (spare?.key === key) opened = await spare.ready.catch(() => undefined);
    else if (spare) void spare.ready.then((unused) => unused.context.close()).catch(() => undefined);
    if (!opened || opened.page.isClosed()) opened = await openPage(browser, options);
    // Loads running at once all come here; only one of them makes the next spare. A browser
    // that has served a single page may be a one-off: it gets its first spare with its second.
    if (count >= 2 && browser.isConnected() && !this.#spares.has(browser)) {
      const ready = openPage(browser, options);
      ready.catch(() => undefined);
      this.#spares.set(browser, { key, ready });
    }
    return opened;
  }
}

async function openPage(browser: PlaywrightBrowser, options: BrowserContextOptions): Promise<OpenPage> {
  const context = await browser.newContext(options);
  try {
    return { context, page: await context.newPage() };
  } catch (error) {
    await context.close().catch(() => undefined);
    throw error;
  }
}
