import { createRuntime, type EngineChoice, type Runtime, type RuntimeOptions } from '@trawl/core';
import type { Env } from '@trawl/core/settings';
import { browserFromEnv } from '@trawl/browser-playwright/from-env';

/**
 * The Runtime of a one-shot command (scrape, crawl, map, extract, llms.txt, search): its engine
 * choice, the environment's local Chromium unless `--engine http` (playwright-core loads and
 * Chromium starts only when a page needs them), and what else the command passes (a model). It
 * owns the browser and the process's connection and conversion pools: the command closes it last.
 */
export function commandRuntime(engine: EngineChoice = 'auto', parts: RuntimeOptions = {}, env: Env = process.env): Runtime {
  const browser = engine === 'http' ? undefined : browserFromEnv(env);
  return createRuntime({ engine, browser, ...parts }, { owns: ['browser', 'sharedPools'] });
}
