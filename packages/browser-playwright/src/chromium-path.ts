import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
// Only the settings entry of core: `@trawl/browser-playwright/from-env` is loaded by every command
// that may render, and core's main entry is the whole engine.
import { readSetting, type Env } from '@trawl/core/settings';

/** Where Debian, Ubuntu and Google's packages put the browser, in the order they are tried. */
export const SYSTEM_CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The Chromium to launch: `TRAWL_CHROMIUM_PATH`, then the system paths, then a Playwright-installed browser, or undefined. */
export function findChromium(env: Env = process.env): string | undefined {
  const configured = readSetting('chromiumPath', env);
  // A path that was asked for and cannot run means no browser: never another one in its place.
  if (configured) return isExecutable(configured) ? configured : undefined;
  for (const path of SYSTEM_CHROMIUM_PATHS) if (isExecutable(path)) return path;
  const playwrights = playwrightChromium();
  return playwrights && isExecutable(playwrights) ? playwrights : undefined;
}

/** Why the configured TRAWL_CHROMIUM_PATH cannot be launched, or undefined when it can or none is configured. */
export function chromiumPathProblem(env: Env = process.env): string | undefined {
  const configured = readSetting('chromiumPath', env);
  if (!configured || isExecutable(configured)) return undefined;
  return `TRAWL_CHROMIUM_PATH is ${configured}, which is not an executable file`;
}

/** Loads playwright-core only when no system Chromium was found: it is slow to import. */
export function playwrightChromium(): string | undefined {
  try {
    const { chromium } = createRequire(import.meta.url)('playwright-core') as typeof import('playwright-core');
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
