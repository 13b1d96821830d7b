import type { ResolvedScrapeOptions } from '../options.js';
import type { EngineChoice } from '../ports/browser.js';
import { assertLlmAvailable } from '../llm/llm-formats.js';
import type { LlmProvider } from '../ports/llm.js';
import { planEngine } from './engine-choice.js';

/**
 * Fails before any I/O when no configured engine can serve the request: browser-only features
 * without a browser (see planEngine), or the json format without an LLM provider.
 */
export function assertScrapeCan(
  options: ResolvedScrapeOptions,
  engine: { choice?: EngineChoice; hasBrowser: boolean; llm?: LlmProvider },
): void {
  planEngine(engine.choice ?? 'auto', options, engine.hasBrowser);
  assertLlmAvailable(options, engine.llm);
}

/** For conversions of HTML the caller already has: no browser can take part. */
export function assertHttpEngineCan(options: ResolvedScrapeOptions): void {
  assertScrapeCan(options, { choice: 'auto', hasBrowser: false });
}

export function partialScrapeWarning(features: string[]): string | undefined {
  return features.length
    ? `The engine used does not support the following features: ${features.join(', ')} -- your scrape may be partial.`
    : undefined;
}
