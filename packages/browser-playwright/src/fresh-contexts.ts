import type { Browser as PlaywrightBrowser } from 'playwright-core';
import { applyViewport, setUpContext, type PageLease, type PageSetup, type PageSource } from './page-source.js';
import { SparePages } from './spare-pages.js';

/** Isolation 'context': every scrape gets a context of its own, closed when it is done. */
export class FreshContexts implements PageSource {
  readonly reused = 0;
  readonly #spares = new SparePages();

  async open(browser: PlaywrightBrowser, setup: PageSetup): Promise<PageLease> {
    const { context, page } = await this.#spares.open(browser, setup.options);
    try {
      await setUpContext(context, setup, () => setup.filter);
      if (setup.cookies.length) await context.addCookies(setup.cookies);
      await applyViewport(page, setup);
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
    return { context, page, release: () => context.close().catch(() => undefined) };
  }
}
