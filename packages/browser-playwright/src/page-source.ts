import type { Browser as PlaywrightBrowser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { BROWSER_ISOLATIONS } from '@trawl/core/settings';
import { HIDE_COOKIE_BANNERS_SCRIPT } from './cookie-banners.js';
import { installRequestFilter, type RequestFilterOptions } from './request-filter.js';
import { STEALTH_SCRIPT } from './stealth.js';

/**
 * How scrapes are kept apart: a warm page wiped between scrapes, or a fresh context for each (the
 * values of TRAWL_BROWSER_ISOLATION in core's settings table).
 */
export const ISOLATIONS = BROWSER_ISOLATIONS;
export type Isolation = (typeof ISOLATIONS)[number];

/** What one scrape needs of its context and page. */
export interface PageSetup {
  options: BrowserContextOptions;
  /**
   * This scrape's viewport when it differs from the context's (a screenshot's): set on the page,
   * not the context, so a warm page serves it and gets the context's viewport back when wiped.
   */
  viewport?: { width: number; height: number };
  /** Init scripts cannot be removed from a context, so these belong to what a context is, like its options. */
  stealth: boolean;
  hideCookieBanners: boolean;
  /** From the request's Cookie header; added for this scrape only. */
  cookies: Array<{ name: string; value: string; url: string }>;
  filter: RequestFilterOptions;
}

/** A context and page lent to one scrape. */
export interface PageLease {
  context: BrowserContext;
  page: Page;
  /** Ends the loan. `intact` is false when the scrape was cut short (timeout, abort): its page is then closed, never reused. */
  release(intact: boolean): Promise<void>;
}

/** Where scrapes get their pages from. */
export interface PageSource {
  open(browser: PlaywrightBrowser, setup: PageSetup): Promise<PageLease>;
  /** Scrapes that ran on a page an earlier scrape had used (and that was wiped in between). */
  readonly reused: number;
}

/** Gives the page the scrape's own viewport, if it has one. */
export async function applyViewport(page: Page, setup: PageSetup): Promise<void> {
  if (setup.viewport) await page.setViewportSize(setup.viewport);
}

/** Contexts with the same key can serve each other's scrapes: same options, same init scripts. */
export function contextKey(setup: PageSetup): string {
  return JSON.stringify([setup.options, setup.stealth, setup.hideCookieBanners]);
}

/** What a context gets once, whatever scrapes it serves: init scripts and the request filter, which reads the current scrape's settings. */
export async function setUpContext(context: BrowserContext, setup: PageSetup, filter: () => RequestFilterOptions): Promise<void> {
  if (setup.stealth) await context.addInitScript(STEALTH_SCRIPT);
  if (setup.hideCookieBanners) await context.addInitScript(HIDE_COOKIE_BANNERS_SCRIPT);
  await installRequestFilter(context, filter);
}
