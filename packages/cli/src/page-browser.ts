import { Option } from 'commander';
import type { EngineChoice } from '@trawl/core';
import { browserFromEnv } from '@trawl/browser-playwright';

/** `--engine`, the same on every command that loads pages. */
export function engineOption(): Option {
  return new Option('--engine <engine>', 'page engine: auto uses the browser only when needed').choices(['auto', 'http', 'browser']).default('auto');
}

/**
 * The browser every command that loads pages uses: the environment's local Chromium (see
 * browserFromEnv), none with `--engine http`. It starts only when a page needs it; the command closes it.
 */
export function pageBrowser(engine: EngineChoice = 'auto', env: NodeJS.ProcessEnv = process.env) {
  return engine === 'http' ? undefined : browserFromEnv(env);
}
