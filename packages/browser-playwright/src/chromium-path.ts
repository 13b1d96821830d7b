import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { TrawlError } from '@trawl/core';
import { readSetting, type Env } from '@trawl/core/settings';

/** Where Debian, Ubuntu and Google's packages put the browser, in the order they are tried. */
export const SYSTEM_CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The Chromium to launch: `TRAWL_CHROMIUM_PATH`, then the system paths, then a Playwright-installed browser, or undefined. */
export function findChromium(env: Env = process.env): string | undefined {
  const configured = readSetting('chromiumPath', env);
  if (configured) return configured;
  for (const path of SYSTEM_CHROMIUM_PATHS) if (isExecutable(path)) return path;
  const playwrights = playwrightChromium();
  return playwrights && isExecutable(playwrights) ? playwrights : undefined;
}

/** findChromium, or an error that names every place looked at. Never downloads a browser. */
export function requireChromium(env: Env = process.env): string {
  const configured = readSetting('chromiumPath', env);
  if (configured && !isExecutable(configured)) {
    throw new TrawlError('SCRAPE_ADAPTER_MISSING', `TRAWL_CHROMIUM_PATH is ${configured}, which is not an executable file.`);
  }
  const found = findChromium(env);
  if (found) return found;
  throw new TrawlError(
    'SCRAPE_ADAPTER_MISSING',
    `No Chromium found: set TRAWL_CHROMIUM_PATH, or install one at ${SYSTEM_CHROMIUM_PATHS.join(', ')} ` +
      `(Debian: apt-get install chromium), or a Playwright-installed browser${playwrightChromium() ? ` at ${playwrightChromium()}` : ''}.`,
  );
}

/** Loads playwright-core only when no system Chromium was found: it is slow to import. */
function playwrightChromium(): string | undefined {
  try {
    const { chromium } = createRequire(import.meta.url)('playwright-core') as typeof import('playwright-core');
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
