import type { EngineChoice } from '@trawl/core';
import type { Env } from '@trawl/core/settings';
import { browserFromEnv, type PlaywrightBrowser } from '@trawl/browser-playwright/from-env';

/**
 * The browser every command that loads pages uses: the environment's local Chromium (see
 * browserFromEnv), none with `--engine http`. playwright-core loads and Chromium starts only
 * when a page needs them; the command closes it.
 */
export function pageBrowser(engine: EngineChoice = 'auto', env: Env = process.env): PlaywrightBrowser | undefined {
  return engine === 'http' ? undefined : browserFromEnv(env);
}
