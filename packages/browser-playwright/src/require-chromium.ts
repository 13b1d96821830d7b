import { TrawlError } from '@trawl/core';
import type { Env } from '@trawl/core/settings';
import { chromiumPathProblem, findChromium, playwrightChromium, SYSTEM_CHROMIUM_PATHS } from './chromium-path.js';

/** findChromium, or an error that names every place looked at. Never downloads a browser. */
export function requireChromium(env: Env = process.env): string {
  const problem = chromiumPathProblem(env);
  if (problem) throw new TrawlError('SCRAPE_ADAPTER_MISSING', `${problem}.`);
  const found = findChromium(env);
  if (found) return found;
  throw new TrawlError(
    'SCRAPE_ADAPTER_MISSING',
    `No Chromium found: set TRAWL_CHROMIUM_PATH, or install one at ${SYSTEM_CHROMIUM_PATHS.join(', ')} ` +
      `(Debian: apt-get install chromium), or a Playwright-installed browser${playwrightChromium() ? ` at ${playwrightChromium()}` : ''}.`,
  );
}
