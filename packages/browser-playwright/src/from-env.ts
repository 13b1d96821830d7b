import { findChromium } from './chromium-path.js';
import type { ProxyServer, ProxyServers } from './context-plan.js';
import { ISOLATIONS, type Isolation } from './page-source.js';
import { lazyPlaywrightBrowser } from './lazy-browser.js';
import type { PlaywrightBrowser, PlaywrightBrowserOptions } from './playwright-browser.js';

export type { PlaywrightBrowser, PlaywrightBrowserOptions };

/**
 * The browser the CLI and the server use when Chromium is found, configured from the
 * environment; undefined when there is none or `TRAWL_BROWSER=off`.
 *
 * - `TRAWL_CHROMIUM_PATH`: the Chromium to launch (else the system paths are tried)
 * - `TRAWL_BROWSER_PAGES`: pages rendered at once (default 4)
 * - `TRAWL_BROWSER_ISOLATION`: `reset` (default: warm pages wiped between scrapes) or `context` (a new context per scrape)
 * - `TRAWL_PROXY_BASIC`, `TRAWL_PROXY_STEALTH`: proxy URLs, `http://user:pass@host:port`
 *
 * playwright-core loads with the first page (`@trawl/browser-playwright/from-env` imports this
 * without it), so a process that never renders does not pay for it.
 */
export function browserFromEnv(env: NodeJS.ProcessEnv = process.env, overrides: PlaywrightBrowserOptions = {}): PlaywrightBrowser | undefined {
  if (/^(off|false|0|no)$/i.test(env.TRAWL_BROWSER ?? '')) return undefined;
  const executablePath = findChromium(env);
  if (!executablePath) return undefined;
  const pages = Number.parseInt(env.TRAWL_BROWSER_PAGES ?? '', 10);
  const proxies: ProxyServers = {};
  const basic = proxyFromUrl(env.TRAWL_PROXY_BASIC);
  const stealth = proxyFromUrl(env.TRAWL_PROXY_STEALTH);
  if (basic) proxies.basic = basic;
  if (stealth) proxies.stealth = stealth;
  const isolation = isolationFrom(env.TRAWL_BROWSER_ISOLATION);
  return lazyPlaywrightBrowser({
    executablePath,
    ...(pages > 0 ? { maxConcurrentPages: pages } : {}),
    ...(isolation ? { isolation } : {}),
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

/** A misspelt value fails loudly: quietly falling back to another mode would weaken the isolation asked for. */
function isolationFrom(value: string | undefined): Isolation | undefined {
  const wanted = value?.trim().toLowerCase();
  if (!wanted) return undefined;
  const isolation = ISOLATIONS.find((known) => known === wanted);
  if (!isolation) throw new Error(`TRAWL_BROWSER_ISOLATION must be ${ISOLATIONS.join(' or ')}, not "${value}"`);
  return isolation;
}
