import { chromiumPathProblem } from '@trawl/browser-playwright/from-env';
import { readSetting, type Env } from '@trawl/core/settings';

/**
 * The browser, as the start banners and `--check` show it: `on`, or `off` with the reason when
 * one can be given, so a TRAWL_CHROMIUM_PATH that names no executable is never shown as `on`.
 */
export function describeBrowser(browser: unknown, env: Env): string {
  if (browser) return 'on';
  if (!readSetting('browser', env)) return 'off (TRAWL_BROWSER=false)';
  return `off (${chromiumPathProblem(env) ?? 'no Chromium found: set TRAWL_CHROMIUM_PATH'})`;
}

/**
 * The search provider, as the banners and `--check` show it. DuckDuckGo is chosen when nothing is
 * configured and needs the internet; the one that needs nothing is named beside it.
 */
export function describeSearch(name: string | undefined): string {
  if (name === 'duckduckgo') return 'duckduckgo (needs internet access; offline: TRAWL_SEARCH_PROVIDER=local searches the scraped pages)';
  return name ?? 'none';
}
