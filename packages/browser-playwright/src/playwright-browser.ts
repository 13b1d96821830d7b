import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import {
  ALONE_AT_GATE_MS,
  createFairGate,
  type Browser,
  type BrowserLoadRequest,
  type BrowserPageSession,
  type BrowserSessionRequest,
  type LoadedPage,
} from '@trawl/core/ports';
import { isTrawlError, resolveScrapeOptions, TrawlError, type ScreenshotSink, type SsrfPolicy } from '@trawl/core';
import { DEFAULT_BROWSER_PAGES } from '@trawl/core/settings';
import { builtInAdHosts, hostMatcher } from './ad-hosts.js';
import { requireChromium } from './require-chromium.js';
import { ChromiumPool, type PoolStats } from './chromium-pool.js';
import type { ProxyServer, ProxyServers } from './context-plan.js';
import { FreshContexts } from './fresh-contexts.js';
import { startGuardProxy, type GuardProxy } from './guard-proxy.js';
import { ISOLATIONS, type Isolation } from './page-source.js';
import { PlaywrightPageSession } from './page-session.js';
import { pageSetup, renderPage } from './render-page.js';
import { planContext } from './context-plan.js';
import { setUpContext } from './page-source.js';
import { dataUrlScreenshots } from './screenshot-sinks.js';
import { WarmLanes } from './warm-lanes.js';

/** The team of loads that name none (a library call). */
const ANONYMOUS_TEAM = '\0anonymous';

export interface PlaywrightBrowserOptions {
  /** Default: TRAWL_CHROMIUM_PATH, the system paths, then a Playwright-installed browser (see findChromium). */
  executablePath?: string;
  /** Pages rendered at once (default 4); more wait their turn, teams in turn. */
  maxConcurrentPages?: number;
  /**
   * Pages one team's scrapes may hold at once (default: all but one, at least one), so one team's
   * slow pages (long waits, actions, a page that never settles) always leave a page to the others.
   * Loads that name no team (a library call) may use every page.
   */
  pagesPerTeam?: number;
  /** A new browser process after this many pages, to shed leaks (default 500). */
  maxPagesPerBrowser?: number;
  /** The browser process exits after this long with no page (default 60 s); the next scrape starts it again. */
  idleTimeoutMs?: number;
  /** Extra Chromium flags. */
  launchArgs?: string[];
  /** Where `screenshot` formats and actions put their images (default: `data:` URLs in the Document). */
  screenshots?: ScreenshotSink;
  /** Hosts blockAds refuses besides the built-in list (data/ad-hosts.txt); subdomains included. */
  blockedHosts?: Iterable<string>;
  /** Upstream proxies for `proxy: "basic"` and `proxy: "stealth"`. */
  proxies?: ProxyServers;
  /**
   * How scrapes are kept apart. `'reset'` (default): a few warm pages per browser, each wiped
   * between scrapes (cookies, storage, cache, permissions, history, popups), about 3x faster per
   * page. `'context'`: a new browser context for every scrape, the strictest isolation.
   */
  isolation?: Isolation;
}

export interface BrowserStats extends PoolStats {
  /** Scrapes that ran on a warm page an earlier scrape had used (isolation 'reset'). */
  reusedPages: number;
}

export interface PlaywrightBrowser extends Browser {
  openSession(request: BrowserSessionRequest): Promise<BrowserPageSession>;
  stats(): BrowserStats;
}

/**
 * Core's Browser port on playwright-core and a local Chromium. It launches nothing until the
 * first load; call `close()` when done, so no browser process outlives its owner. Loads wait for
 * a page through a fair gate: teams in turn, each holding at most `pagesPerTeam` pages.
 */
export function createPlaywrightBrowser(options: PlaywrightBrowserOptions = {}): PlaywrightBrowser {
  const maxConcurrentPages = options.maxConcurrentPages ?? DEFAULT_BROWSER_PAGES;
  const pagesPerTeam = options.pagesPerTeam ?? Math.max(1, maxConcurrentPages - 1);
  if (!Number.isSafeInteger(pagesPerTeam) || pagesPerTeam < 1)
    throw new TypeError(`pagesPerTeam must be a whole number of at least 1, not ${String(options.pagesPerTeam)}`);
  // A load enters the pool only when a page is free for it, so the pool's own line (first come,
  // first served) never holds one team's loads in front of another's.
  const turns = createFairGate({
    perTeam: Math.min(pagesPerTeam, maxConcurrentPages),
    total: maxConcurrentPages,
    unlimitedTeam: ANONYMOUS_TEAM,
    aloneMs: ALONE_AT_GATE_MS,
  });
  const pool = new ChromiumPool({
    executablePath: options.executablePath ?? requireChromium(),
    launchArgs: options.launchArgs ?? [],
    maxConcurrentPages,
    maxPagesPerBrowser: options.maxPagesPerBrowser ?? 500,
    idleTimeoutMs: options.idleTimeoutMs ?? 60_000,
  });
  const adHosts = hostMatcher([...builtInAdHosts(), ...(options.blockedHosts ?? [])]);
  const screenshots = options.screenshots ?? dataUrlScreenshots;
  const guards = new Map<string, Promise<GuardProxy>>();
  if (options.isolation !== undefined && !ISOLATIONS.includes(options.isolation)) {
    throw new TypeError(`isolation must be one of ${ISOLATIONS.join(', ')}, not ${String(options.isolation)}`);
  }
  const pages = options.isolation === 'context' ? new FreshContexts() : new WarmLanes(maxConcurrentPages);
  // A page a client goes on driving leaves with its context, so it never comes from a warm lane.
  const keptPages = options.isolation === 'context' ? pages : new FreshContexts();

  // One guard per policy and upstream proxy.
  const guardProxy = (request: BrowserLoadRequest, upstream?: ProxyServer) => {
    const key = JSON.stringify([policyKey(request.policy), upstream ?? null]);
    let guard = guards.get(key);
    if (!guard) {
      guard = startGuardProxy(request.policy, upstream);
      guards.set(key, guard);
      guard.catch(() => guards.delete(key));
    }
    return guard;
  };

  return {
    async load(request: BrowserLoadRequest): Promise<LoadedPage> {
      const queuedAt = Date.now();
      let leave: (() => void) | undefined;
      try {
        leave = await turns.enter(request.teamId ?? ANONYMOUS_TEAM, request.signal);
        const { keepPage } = request;
        return await pool.use((browser, defaultUserAgent, linger) => {
          const settings = { screenshots, adHosts, proxies: options.proxies, defaultUserAgent, guardProxy, pages, queuedAt };
          // The page goes back to the caller before its wipe: the next load on that slot waits for it, the caller does not.
          if (!keepPage) return renderPage(browser, request, { ...settings, linger });
          // The kept page holds the browser, not a slot: the slot is free as soon as the load returns.
          const keep = (context: BrowserContext, page: Page) =>
            keepPage(new PlaywrightPageSession(context, page, screenshots, pool.holdBrowser(browser), request.maxBodyBytes));
          return renderPage(browser, request, { ...settings, pages: keptPages, keep });
        }, request.signal);
      } catch (error) {
        // Cancelled while waiting for a free page slot.
        if (request.signal?.aborted && !isTrawlError(error))
          throw new TrawlError('SCRAPE_ABORTED', `The scrape of ${request.url} was cancelled`, { cause: error });
        throw error;
      } finally {
        leave?.();
      }
    },
    async openSession(request: BrowserSessionRequest): Promise<BrowserPageSession> {
      const load: BrowserLoadRequest = { url: 'about:blank', options: resolveScrapeOptions({ blockAds: false }), policy: request.policy };
      if (request.userAgent) load.userAgent = request.userAgent;
      return pool.held(async (browser, defaultUserAgent, release) => {
        const plan = planContext(load, { defaultUserAgent, ...(options.proxies ? { proxies: options.proxies } : {}) });
        const guard = plan.needsGuardProxy ? await guardProxy(load, plan.upstreamProxy) : undefined;
        if (guard) plan.options.proxy = { server: guard.server, bypass: '<-loopback>' };
        const setup = pageSetup(plan, load, adHosts);
        // Images and fonts load: a session is looked at (screenshots).
        setup.filter = { ...setup.filter, skipMedia: false, targetUrl: 'about:blank' };
        const context = await browser.newContext({
          ...plan.options,
          ...(request.state ? { storageState: request.state as BrowserContextOptions['storageState'] } : {}),
        });
        try {
          await setUpContext(context, setup, () => setup.filter);
          const page = await context.newPage();
          return new PlaywrightPageSession(context, page, screenshots, release, request.maxBodyBytes);
        } catch (error) {
          await context.close().catch(() => undefined);
          throw error;
        }
      });
    },
    stats: () => ({ ...pool.stats(), reusedPages: pages.reused }),
    async close() {
      const closing = [...guards.values()];
      guards.clear();
      await Promise.all([
        pool.close(),
        ...closing.map((guard) =>
          guard.then(
            (g) => g.close(),
            () => undefined,
          ),
        ),
      ]);
    },
  };
}

function policyKey(policy: SsrfPolicy): string {
  return JSON.stringify([policy.blockPrivateNetworks, [...(policy.allowHosts ?? [])].sort()]);
}
