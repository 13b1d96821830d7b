import type { BrowserContext, Browser as PlaywrightBrowser, Page, Request, Response } from 'playwright-core';
import {
  ALLOW_PRIVATE_NETWORK_HINT,
  isScrapeActionError,
  ScrapeActionError,
  TrawlError,
  type ResolvedScrapeOptions,
  type ScreenshotSink,
} from '@trawl/core';
import type { BrowserLoadRequest, LoadedPage } from '@trawl/core/ports';
import { ActionFailure, emptyActionResults, runActions, type CaptureScreenshot, type PrintPdf } from './actions.js';
import type { HostMatcher } from './ad-hosts.js';
import { toTrawlError, type EndReason } from './browser-errors.js';
import type { Linger } from './chromium-pool.js';
import { planContext, type ContextPlan, type ProxyServer, type ProxyServers } from './context-plan.js';
import { COOKIE_BANNER_SELECTORS, serialiseDocument } from './cookie-banners.js';
import { BLOCKED_HEADER, type GuardProxy } from './guard-proxy.js';
import type { PageSetup, PageSource } from './page-source.js';
import { dismissConsentWall, passChallenge } from './block-pages.js';
import { firstLook } from './first-look.js';
import { waitForRendering } from './rendering-wait.js';
import { fitFullPage } from './screenshot-size.js';

export interface RenderSettings {
  screenshots: ScreenshotSink;
  adHosts: HostMatcher;
  proxies?: ProxyServers;
  defaultUserAgent: string;
  /** Warm pages wiped between scrapes, or a fresh context each (the isolation option). */
  pages: PageSource;
  /** When the load asked for a page slot. */
  queuedAt: number;
  /** The guard proxy enforcing an SSRF policy that blocks private networks. */
  guardProxy(request: BrowserLoadRequest, upstream?: ProxyServer): Promise<GuardProxy>;
  /** Holds the page slot, past the load's return, until the page is given back (wiped): the caller reads the page meanwhile. */
  linger?: Linger;
  /** Hands a finished load's page to `request.keepPage` (set only then): the page then belongs to the caller. */
  keep?(context: BrowserContext, page: Page): void;
}

/** The longest a page whose content has not shown is given to render it with scripts (network and DOM quiet). */
const RENDER_WAIT_MS = 5_000;

/** Loads one page in `browser`, on a page isolated from every other scrape: the whole browser side of a scrape. */
export async function renderPage(browser: PlaywrightBrowser, request: BrowserLoadRequest, settings: RenderSettings): Promise<LoadedPage> {
  const { options } = request;
  const plan = planContext(request, settings);
  const guard = plan.needsGuardProxy ? await settings.guardProxy(request, plan.upstreamProxy) : undefined;
  // `<-loopback>` stops Chromium's implicit bypass, so loopback targets are judged by the guard too.
  if (guard) plan.options.proxy = { server: guard.server, bypass: '<-loopback>' };
  // The time a load waited for a free page slot counts against its timeout.
  const budget = options.timeout + options.waitFor + waitActionsMs(options) - (Date.now() - settings.queuedAt);
  if (budget <= 0) throw toTrawlError(new Error('no page slot came free in time'), request.url, 'timeout', options.timeout);

  const lease = await settings.pages.open(browser, pageSetup(plan, request, settings.adHosts)).catch((error: unknown) => {
    throw toTrawlError(error, request.url, browser.isConnected() ? undefined : 'crashed', budget);
  });
  const { context, page } = lease;
  let reason: EndReason;
  let kept = false;
  // Closing the context ends whatever the page is doing; a warm page ended this way is never reused.
  const end = (why: EndReason) => {
    reason ??= why;
    void context.close().catch(() => undefined);
  };
  const timer = setTimeout(() => end('timeout'), budget);
  const onAbort = () => end('aborted');
  request.signal?.addEventListener('abort', onAbort, { once: true });
  if (request.signal?.aborted) end('aborted');
  const navigationHosts = new Set<string>([new URL(request.url).hostname]);
  const responses = trackMainResponse(page, navigationHosts);

  try {
    // Playwright's own waits end a little before the deadline, so a stuck action is reported as
    // that action (with the content gathered so far) rather than as a timeout of the whole load.
    const deadline = Date.now() + budget;
    const reserve = Math.min(2_000, budget / 4);
    const beforeEachStep = () => page.setDefaultTimeout(Math.max(100, deadline - reserve - Date.now()));
    beforeEachStep();
    const first = await page.goto(request.url, { waitUntil: 'load' });
    assertNotRefused(first, request.url);
    // A block page a real browser gets past: a challenge reloads once passed, a consent wall goes with a click.
    // One look decides which of these steps (and the wait for an app's content) a page needs at all.
    const look = await firstLook(page);
    if (look.challenged) await passChallenge(page, deadline - reserve - Date.now());
    if (look.challenged || look.consentBanner) await dismissConsentWall(page);
    if (look.challenged || look.consentBanner || !look.rendered)
      await waitForRendering(page, Math.min(RENDER_WAIT_MS, options.timeout, deadline - reserve - Date.now()));
    if (options.waitFor > 0) await page.waitForTimeout(options.waitFor);

    const capture: CaptureScreenshot = async ({ fullPage, quality, viewport }) => {
      if (viewport) await page.setViewportSize(viewport);
      const type = quality === undefined ? 'png' : 'jpeg';
      // With a viewport asked for, the image is measured in CSS pixels, so it has the viewport's size on any device.
      const scale = viewport || options.screenshotOptions?.viewport ? 'css' : 'device';
      // A full page too large for one image is cut to its top, and the document says so.
      const fit = fullPage ? await fitFullPage(page, scale) : {};
      if (fit.warning) plan.warnings.push(fit.warning);
      const data = await page.screenshot({
        fullPage,
        type,
        scale,
        ...(fit.clip ? { clip: fit.clip } : {}),
        ...(quality === undefined ? {} : { quality }),
      });
      return settings.screenshots.store({ data, mimeType: `image/${type}`, pageUrl: page.url() });
    };
    const printPdf: PrintPdf = async ({ format, landscape, scale }) => {
      // Printed as the screen shows it (not the print stylesheet), with its backgrounds, as Firecrawl's prints look.
      await page.emulateMedia({ media: 'screen' });
      const data = await page.pdf({ format, landscape, scale, printBackground: true });
      return settings.screenshots.store({ data, mimeType: 'application/pdf', pageUrl: page.url() });
    };
    const results = emptyActionResults();
    if (options.actions?.length) {
      try {
        await runActions(page, options.actions, results, { screenshot: capture, pdf: printPdf }, beforeEachStep);
      } catch (error) {
        if (!(error instanceof ActionFailure) || reason) throw error;
        const partial = await snapshot(page, responses.latest() ?? first, request).catch(() => undefined);
        throw new ScrapeActionError(error.message, partial && { ...partial, actions: results }, error);
      }
    }
    const format = options.formats.find((f) => f.startsWith('screenshot'));
    // The format's viewport was the page's from the start (see pageSetup): the page was laid out at it.
    const screenshot = format
      ? await capture({ fullPage: format === 'screenshot@fullPage', quality: options.screenshotOptions?.quality })
      : undefined;
    const loaded = await snapshot(page, responses.latest() ?? first, request);
    if (screenshot !== undefined) loaded.screenshot = screenshot;
    if (options.actions?.length) loaded.actions = results;
    if (plan.warnings.length) loaded.warning = plan.warnings.join(' ');
    if (settings.keep && reason === undefined) {
      settings.keep(context, page);
      kept = true;
    }
    return loaded;
  } catch (error) {
    if (isScrapeActionError(error)) throw error;
    if (guard && [...navigationHosts].some((host) => guard.refused(host))) throw blockedError(request.url);
    const failure = toTrawlError(error, request.url, reason ?? (browser.isConnected() ? undefined : 'crashed'), budget);
    // A timeout thrown by Playwright's own waits can leave the page busy too.
    if (failure.code === 'SCRAPE_TIMEOUT') reason ??= 'timeout';
    throw failure;
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onAbort);
    responses.stop();
    if (!kept) {
      const released = lease.release(reason === undefined);
      if (settings.linger) settings.linger(released);
      else await released;
    }
  }
}

export function pageSetup(plan: ContextPlan, request: BrowserLoadRequest, adHosts: HostMatcher): PageSetup {
  const blockAds = Boolean(request.options.blockAds);
  const viewport = takesScreenshots(request.options) ? request.options.screenshotOptions?.viewport : undefined;
  return {
    options: plan.options,
    ...(viewport ? { viewport } : {}),
    stealth: plan.stealth,
    hideCookieBanners: blockAds,
    cookies: plan.cookies,
    filter: {
      adHosts: blockAds ? adHosts : undefined,
      siteHeaders: plan.siteHeaders,
      everyRequestHeaders: plan.everyRequestHeaders,
      skipMedia: !takesScreenshots(request.options),
      targetUrl: request.url,
    },
  };
}

/** The main frame's latest document response (it changes when an action navigates); `stop` removes the listeners from a page that lives on. */
function trackMainResponse(page: Page, navigationHosts: Set<string>): { latest: () => Response | undefined; stop: () => void } {
  let latest: Response | undefined;
  const onRequest = (request: Request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigationHosts.add(new URL(request.url()).hostname);
  };
  const onResponse = (response: Response) => {
    const request = response.request();
    if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return;
    if (response.status() >= 300 && response.status() < 400 && response.headers().location) return;
    latest = response;
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  return {
    latest: () => latest,
    stop: () => {
      page.off('request', onRequest);
      page.off('response', onResponse);
    },
  };
}

/** The page as it stands: rendered HTML (or the raw body of a non-HTML document), status, headers, redirects. */
async function snapshot(page: Page, response: Response | null, request: BrowserLoadRequest): Promise<LoadedPage> {
  assertNotRefused(response, request.url);
  const headers = { ...(response?.headers() ?? {}) };
  const contentType = headers['content-type'] ?? 'text/html';
  let body: Uint8Array;
  if (response && !/html/i.test(contentType) && page.url() === response.url()) {
    body = await response.body();
  } else {
    body = Buffer.from(await page.evaluate(serialiseDocument, request.options.blockAds ? COOKIE_BANNER_SELECTORS : []), 'utf8');
    // The DOM is serialised as UTF-8 text: the original encoding and length no longer apply.
    headers['content-type'] = 'text/html; charset=utf-8';
    delete headers['content-length'];
    delete headers['content-encoding'];
  }
  if (request.maxBodyBytes !== undefined && body.byteLength > request.maxBodyBytes) {
    throw new TrawlError('SCRAPE_TOO_LARGE', `${page.url()} is larger than the ${request.maxBodyBytes} bytes allowed`);
  }
  return { url: page.url(), status: response?.status() ?? 200, headers, body, redirects: redirectChain(response) };
}

function redirectChain(response: Response | null): string[] {
  const chain: string[] = [];
  for (let hop = response?.request().redirectedFrom() ?? null; hop; hop = hop.redirectedFrom()) chain.unshift(hop.url());
  return chain;
}

function assertNotRefused(response: Response | null, url: string): void {
  if (response?.headers()[BLOCKED_HEADER]) throw blockedError(url);
}

function blockedError(url: string): TrawlError {
  return new TrawlError(
    'SCRAPE_BLOCKED_URL',
    `Refused to load ${url} in the browser: it, or a page it redirected to, is a private, loopback or link-local address. ` +
      ALLOW_PRIVATE_NETWORK_HINT,
  );
}

/** Screenshots need images and fonts; the HTML alone does not. */
function takesScreenshots(options: ResolvedScrapeOptions): boolean {
  return options.formats.some((f) => f.startsWith('screenshot')) || Boolean(options.actions?.some((a) => a.type === 'screenshot'));
}

function waitActionsMs(options: ResolvedScrapeOptions): number {
  return (options.actions ?? []).reduce((sum, action) => sum + (action.type === 'wait' ? (action.milliseconds ?? 0) : 0), 0);
}
