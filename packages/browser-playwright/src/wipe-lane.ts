import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { RequestFilterOptions } from './request-filter.js';

/** A warm context and its page, serving one scrape after another (see warm-lanes.ts). */
export interface Lane {
  /** The settings it was made with (contextKey): only scrapes with the same key use it. */
  readonly key: string;
  readonly context: BrowserContext;
  readonly page: Page;
  readonly cdp: CDPSession;
  /** Granted when the context was made (geolocation of a location); given back after each wipe. */
  readonly permissions: string[];
  /** The context's viewport: a scrape may resize the page (a screenshot's viewport); the wipe sets it back. */
  readonly viewport: { width: number; height: number } | null;
  /** Origins of the documents loaded since the last wipe, in any frame or page of the context. */
  readonly origins: Set<string>;
  /** The settings of the scrape in progress, read by the context's request filter. */
  filter: RequestFilterOptions;
  uses: number;
  busy: boolean;
  crashed: boolean;
}

/** The longest the wipe's navigation to about:blank may take; the whole wipe is bounded by its caller. */
const BLANK_TIMEOUT_MS = 5_000;

/**
 * Leaves the lane as a new context would be, for the next scrape: other pages and popups closed,
 * the page on about:blank with no history and no window.name, at the context's viewport, and cookies, permissions, the HTTP
 * cache and every storage (local and session storage, IndexedDB, Cache Storage, file systems…)
 * of every origin the scrape loaded cleared. Throws when a step fails: the caller then closes the lane.
 */
export async function wipeLane(lane: Lane): Promise<void> {
  const { context, page, cdp } = lane;
  await Promise.all(context.pages().map((other) => (other === page ? undefined : other.close())));
  // Session storage belongs to the tab, which lives on. DevTools reaches an origin's area only
  // while a frame of it is shown, so the shown ones are cleared before leaving; an opaque
  // (sandboxed) frame has no area to find, hence no error counts. Storage.clearDataForOrigin below
  // clears session storage too, also for the origins no longer shown.
  const shown = new Set(page.frames().flatMap((frame) => originOf(frame.url()) ?? []));
  await Promise.all(
    [...shown].map((origin) =>
      cdp.send('DOMStorage.clear', { storageId: { securityOrigin: origin, isLocalStorage: false } }).catch(() => undefined),
    ),
  );
  // Unloading ends the scrape's scripts and closes its IndexedDB connections before the clearing.
  // Wait for the load, not the commit: right after the commit Chromium may still be swapping the
  // page's frame host, and DevTools calls then fail with "Not attached to an active page".
  await page.goto('about:blank', { waitUntil: 'load', timeout: BLANK_TIMEOUT_MS });
  const origins = [...lane.origins];
  lane.origins.clear();
  await Promise.all([
    // window.name outlives navigations within a tab.
    page.evaluate(() => void (window.name = '')),
    cdp.send('Page.resetNavigationHistory'),
    page.mouse.move(0, 0),
    restoreViewport(lane),
    context.clearCookies(),
    context.clearPermissions().then(() => (lane.permissions.length ? context.grantPermissions(lane.permissions) : undefined)),
    cdp.send('Network.clearBrowserCache'),
    ...origins.map((origin) => cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })),
  ]);
}

async function restoreViewport(lane: Lane): Promise<void> {
  const size = lane.page.viewportSize();
  if (lane.viewport && (size?.width !== lane.viewport.width || size.height !== lane.viewport.height))
    await lane.page.setViewportSize(lane.viewport);
}

/** The origin of an http(s) URL; undefined for about:, data: and the like, which have no storage of their own. */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}
