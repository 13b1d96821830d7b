import type { Document } from './document.js';
import { resolveScrapeOptions, type ScrapeOptionsInput } from './options.js';
import { isScrapeActionError } from './ports/browser.js';
import { applyLlmFormats, conversionOptions } from './llm/llm-formats.js';
import { assertScrapeCan } from './pipeline/capabilities.js';
import { convertLoadedPage } from './pipeline/convert-loaded-page.js';
import { climbLadder, firstReading } from './pipeline/page-ladder.js';
import { memoryRequestOf, throughPageMemory, type PageMemoryOptions } from './memory/through-memory.js';
import { splitRuntime } from './runtime/runtime.js';
import type { WithRuntime } from './runtime/types.js';
import { typedTargetUrl } from './url/typed-url.js';
import type { LoadedPage } from './ports/loaded-page.js';

/** What a scrape asks for, its cancellation, and what it runs with (a Runtime, or its settings inline). */
export type ScrapeOptions = WithRuntime<ScrapeOptionsInput & { signal?: AbortSignal }>;

/** What scrape() does with a page that stays a block page after the escalation ladder. */
export interface BlockPageOptions {
  /** Return it, marked (`metadata.blockPage`, `blockPageVendor`, `blockPageEvidence` and a warning), instead of failing (default false). */
  keepBlockPages?: boolean;
}

/**
 * Fetches one page and converts it to the requested formats.
 * A URL without a scheme is read as `http://` (as the CLI and the API read it).
 * A page that answers 404 or 500 is still a Document (see `metadata.statusCode`);
 * network failures, timeouts, refused addresses and unreadable content throw a TrawlError.
 * A failed action throws SCRAPE_ACTION_ERROR whose `document` holds the content gathered before it.
 * With a `store`, the page memory serves `maxAge`/`minAge` from the cache and `changeTracking`
 * compares with the page's previous scrape (docs/change-tracking.md).
 * A block page (a challenge, captcha, WAF refusal, rate limit, consent or login wall, soft 404,
 * parked domain) is loaded again a rung higher (HTTP, the browser, the stealth proxy for
 * `proxy: "auto"`: pipeline/page-ladder.ts); when it stays one, scrape throws
 * SCRAPE_BLOCKED_BY_SITE or SCRAPE_PAGE_NOT_FOUND (a BlockPageError saying what it was and what was
 * tried), or with `keepBlockPages` returns it with `metadata.blockPage` set.
 */
export async function scrape(url: string, options: ScrapeOptions & PageMemoryOptions & BlockPageOptions = {}): Promise<Document> {
  const { runtime, rest } = splitRuntime(options);
  const { maxAge, minAge, storeInCache, zeroDataRetention, lockdown, changeTracking, pageMemory, signal, keepBlockPages, ...scrapeInput } =
    rest;
  const resolved = resolveScrapeOptions(scrapeInput);
  const target = typedTargetUrl(url);
  assertScrapeCan(resolved, runtime);
  const request = memoryRequestOf({ maxAge, minAge, storeInCache, zeroDataRetention, lockdown, changeTracking });
  const { store, llm } = runtime;
  const memory = store && { store, teamId: runtime.teamId, ...pageMemory, llm, signal };
  try {
    return await throughPageMemory(target, resolved, memory, request, async (conversion) => {
      const convert = (page: LoadedPage) =>
        convertLoadedPage(page, target, conversionOptions(conversion, llm !== undefined), false, runtime, signal);
      const first = await firstReading(target, resolved, runtime, convert, signal);
      const { conversion: read } = await climbLadder(target, first, resolved, runtime, convert, { keepBlockPages, signal });
      return (await applyLlmFormats(read.document, conversion, runtime, signal)).document;
    });
  } catch (error) {
    if (isScrapeActionError(error) && error.page) {
      // What the page showed before the failed action; the action's error is the one to report.
      error.document = await convertLoadedPage(error.page, target, resolved, false, runtime, signal).then(
        (conversion) => conversion.document,
        () => undefined,
      );
    }
    throw error;
  }
}
