import type { ResolvedScrapeOptions } from '../options.js';
import { assertLlmAvailable } from '../llm/llm-formats.js';
import type { Runtime } from '../runtime/types.js';
import { planEngine } from './engine-choice.js';

/**
 * Fails before any I/O when no configured engine can serve the request: browser-only features
 * without a browser (see planEngine), or the json format without an LLM provider.
 */
export function assertScrapeCan(options: ResolvedScrapeOptions, runtime: Pick<Runtime, 'engine' | 'browser' | 'llm'>): void {
  planEngine(runtime.engine, options, Boolean(runtime.browser));
  assertLlmAvailable(options, runtime.llm);
}

/** For conversions of HTML the caller already has: no browser can take part. */
export function assertHttpEngineCan(options: ResolvedScrapeOptions): void {
  assertScrapeCan(options, { engine: 'auto', browser: undefined, llm: undefined });
}

export function partialScrapeWarning(features: string[]): string | undefined {
  return features.length
    ? `The engine used does not support the following features: ${features.join(', ')} -- your scrape may be partial.`
    : undefined;
}
