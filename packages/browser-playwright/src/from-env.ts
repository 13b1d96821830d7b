import { readSettings, type Env } from '@trawl/core/settings';
import { findChromium } from './chromium-path.js';

export { chromiumPathProblem } from './chromium-path.js';
import type { ProxyServer, ProxyServers } from './context-plan.js';
import { lazyPlaywrightBrowser } from './lazy-browser.js';
import type { PlaywrightBrowser, PlaywrightBrowserOptions } from './playwright-browser.js';

export type { PlaywrightBrowser, PlaywrightBrowserOptions };

/** The browser's settings in core's table (docs/self-hosting.md lists them). */
const BROWSER_SETTINGS = ['browser', 'browserPages', 'browserPagesPerTeam', 'browserIsolation', 'proxyBasic', 'proxyStealth'] as const;

/**
 * The browser the CLI and the server use when Chromium is found, configured from the
 * environment through core's settings table; undefined when there is none or `TRAWL_BROWSER=false`.
 *
 * - `TRAWL_CHROMIUM_PATH`: the Chromium to launch (else the system paths are tried)
 * - `TRAWL_BROWSER_PAGES`: pages rendered at once (default 4)
 * - `TRAWL_BROWSER_PAGES_PER_TEAM`: one team's share of them while another team renders too (default all but one)
 * - `TRAWL_BROWSER_ISOLATION`: `reset` (default: warm pages wiped between scrapes) or `context` (a new context per scrape)
 * - `TRAWL_PROXY_BASIC`, `TRAWL_PROXY_STEALTH`: proxy URLs, `http://user:pass@host:port`
 *
 * A malformed value throws, naming the variable. playwright-core loads with the first page
 * (`@trawl/browser-playwright/from-env` imports this without it), so a process that never renders
 * does not pay for it.
 */
export function browserFromEnv(env: Env = process.env, overrides: PlaywrightBrowserOptions = {}): PlaywrightBrowser | undefined {
  const settings = readSettings(BROWSER_SETTINGS, env);
  if (!settings.browser) return undefined;
  const executablePath = findChromium(env);
  if (!executablePath) return undefined;
  const proxies: ProxyServers = {};
  const basic = proxyFromUrl(settings.proxyBasic);
  const stealth = proxyFromUrl(settings.proxyStealth);
  if (basic) proxies.basic = basic;
  if (stealth) proxies.stealth = stealth;
  return lazyPlaywrightBrowser({
    executablePath,
    maxConcurrentPages: settings.browserPages,
    ...(settings.browserPagesPerTeam ? { pagesPerTeam: settings.browserPagesPerTeam } : {}),
    isolation: settings.browserIsolation,
    ...(basic || stealth ? { proxies } : {}),
    ...overrides,
  });
}

/** `http://user:pass@host:port` into Playwright's shape, credentials apart. */
export function proxyFromUrl(value: string | undefined): ProxyServer | undefined {
  if (!value?.trim()) return undefined;
  const url = new URL(value.trim());
  const proxy: ProxyServer = { server: `${url.protocol}//${url.host}` };
  if (url.username) proxy.username = decodeURIComponent(url.username);
  if (url.password) proxy.password = decodeURIComponent(url.password);
  return proxy;
}
