import type { BrowserLoadRequest, BrowserPageSession, BrowserSessionRequest, LoadedPage } from '@trawl/core/ports';
import type { BrowserStats, PlaywrightBrowser, PlaywrightBrowserOptions } from './playwright-browser.js';

/** What a browser that has loaded no page reports. */
const IDLE: BrowserStats = { launches: 0, pagesServed: 0, activePages: 0, browsers: 0, contexts: 0, keptPages: 0, reusedPages: 0 };

/**
 * createPlaywrightBrowser(options), imported on the first page: playwright-core takes a good
 * part of a second to load, which a command or a server that never renders should not pay.
 */
export function lazyPlaywrightBrowser(options: PlaywrightBrowserOptions): PlaywrightBrowser {
  let created: PlaywrightBrowser | undefined;
  let creating: Promise<PlaywrightBrowser> | undefined;
  const browser = () =>
    (creating ??= import('./playwright-browser.js').then(({ createPlaywrightBrowser }) => (created = createPlaywrightBrowser(options))));
  return {
    async load(request: BrowserLoadRequest): Promise<LoadedPage> {
      return (await browser()).load(request);
    },
    async openSession(request: BrowserSessionRequest): Promise<BrowserPageSession> {
      return (await browser()).openSession(request);
    },
    stats: () => created?.stats() ?? { ...IDLE },
    async close() {
      if (creating) await (await creating).close();
    },
  };
}
