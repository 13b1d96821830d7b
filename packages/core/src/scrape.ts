import type { Document } from './document.js';
import { resolveScrapeOptions, type ScrapeOptions } from './options.js';
import { isScrapeActionError } from './ports/browser.js';
import { applyLlmFormats, conversionOptions } from './llm/llm-formats.js';
import { assertScrapeCan } from './pipeline/capabilities.js';
import { loadPage } from './pipeline/load-page.js';
import { convertLoadedPage } from './pipeline/convert-loaded-page.js';
import { toSsrfPolicy } from './url/ssrf.js';
import { typedTargetUrl } from './url/typed-url.js';

/**
 * Fetches one page and converts it to the requested formats.
 * A URL without a scheme is read as `http://` (as the CLI and the API read it).
 * A page that answers 404 or 500 is still a Document (see `metadata.statusCode`);
 * network failures, timeouts, refused addresses and unreadable content throw a TrawlError.
 * A failed action throws SCRAPE_ACTION_ERROR whose `document` holds the content gathered before it.
 */
export async function scrape(url: string, options: ScrapeOptions = {}): Promise<Document> {
  const { ssrf, maxRedirects, maxBodyBytes, userAgent, signal, engine, browser, llm, convertPool, ...scrapeInput } = options;
  const resolved = resolveScrapeOptions(scrapeInput);
  const target = typedTargetUrl(url);
  assertScrapeCan(resolved, { choice: engine, hasBrowser: Boolean(browser), llm });
  try {
    const policy = toSsrfPolicy(ssrf);
    const page = await loadPage(target, resolved, { policy, maxRedirects, maxBodyBytes, userAgent, signal, engine, browser });
    const { document } = await convertLoadedPage(page, target, conversionOptions(resolved), false, convertPool, signal);
    return (await applyLlmFormats(document, resolved, { llm, policy, userAgent, signal })).document;
  } catch (error) {
    if (isScrapeActionError(error) && error.page) {
      // What the page showed before the failed action; the action's error is the one to report.
      error.document = await convertLoadedPage(error.page, target, resolved, false, convertPool, signal).then(
        (conversion) => conversion.document,
        () => undefined,
      );
    }
    throw error;
  }
}
