import { declaredDocumentFormat, detectDocumentFormat } from '../documents/formats.js';
import { isTrawlError } from '../errors.js';
import { httpFetch } from '../fetch/http-engine.js';
import type { LoadedPage } from '../ports/loaded-page.js';
import type { ResolvedScrapeOptions } from '../options.js';
import type { Browser } from '../ports/browser.js';
import type { Runtime } from '../runtime/types.js';
import { assertAllowedTarget, parseTargetUrl } from '../url/guard.js';
import { partialScrapeWarning } from './capabilities.js';
import { contentKind } from './content-kind.js';
import { looksRenderedByJavaScript, planEngine } from './engine-choice.js';

/** What one page load runs with: the runtime (policy, user agent, engine choice, browser, dispatcher) and the caller's cancellation. */
export interface LoadContext {
  runtime: Runtime;
  signal: AbortSignal | undefined;
}

/** Loads a page with the engine the request needs. Every scrape path (scrape, crawl, batch) goes through here. */
export async function loadPage(url: string, options: ResolvedScrapeOptions, runtime: Runtime, signal?: AbortSignal): Promise<LoadedPage> {
  const load: LoadContext = { runtime, signal };
  const plan = planEngine(runtime.engine, options, Boolean(runtime.browser));
  if (plan.engine === 'browser') return loadInBrowser(runtime.browser!, url, options, load);
  const page: LoadedPage = { ...(await fetchOverHttp(url, options, load)), engine: 'http' };
  if (plan.renderCheck && runtime.browser && isJavaScriptShell(page)) return loadInBrowser(runtime.browser, url, options, load);
  const warning = partialScrapeWarning(plan.skipped);
  const loaded = warning ? { ...page, warning } : page;
  // Without a browser the shell check only adds a warning: the conversion makes it, on the text it
  // decodes anyway, instead of this thread copying every page into a string to read.
  return plan.renderCheck && !runtime.browser ? { ...loaded, warnIfRenderedByJavaScript: true } : loaded;
}

function fetchOverHttp(url: string, options: ResolvedScrapeOptions, { runtime, signal }: LoadContext): Promise<LoadedPage> {
  return httpFetch(
    url,
    {
      headers: options.headers,
      timeout: options.timeout,
      skipTlsVerification: options.skipTlsVerification,
      userAgent: runtime.userAgent,
      maxRedirects: runtime.maxRedirects,
      maxBodyBytes: runtime.maxBodyBytes,
      dispatcher: runtime.dispatcherFor(options.skipTlsVerification),
      signal,
    },
    runtime.policy,
  );
}

/** Loads the page in the browser (the engine plan's choice, or a rung of the escalation ladder). */
export async function loadInBrowser(browser: Browser, url: string, options: ResolvedScrapeOptions, load: LoadContext): Promise<LoadedPage> {
  const { runtime, signal } = load;
  // A clear error before the browser starts; the adapter guards every later request (redirects, subresources).
  await assertAllowedTarget(parseTargetUrl(url), runtime.policy);
  let page: LoadedPage;
  try {
    page = await browser.load({
      url,
      options,
      policy: runtime.policy,
      userAgent: runtime.userAgent,
      maxBodyBytes: runtime.maxBodyBytes,
      ...(runtime.teamId === undefined ? {} : { teamId: runtime.teamId }),
      signal,
    });
  } catch (error) {
    // A browser starts a download for a Word file and refuses it: a document needs no rendering.
    if (isTrawlError(error) && error.code === 'SCRAPE_UNSUPPORTED_CONTENT') return documentOverHttp(url, options, load, error);
    throw error;
  }
  // Chromium shows a PDF in its viewer and hands back no file: a document is read as it is served.
  const contentType = page.headers['content-type'];
  if (declaredDocumentFormat(contentType) && !detectDocumentFormat(contentType, page.body))
    return documentOverHttp(page.url, options, load);
  return page;
}

const DOCUMENT_OVER_HTTP =
  'The page is a document, which a browser does not render: it was fetched over HTTP, so what only a browser does (actions, waits, screenshots) did not apply.';

/** A document fetched over HTTP in place of a browser load; when it is no document after all, the browser's error stands. */
async function documentOverHttp(
  url: string,
  options: ResolvedScrapeOptions,
  load: LoadContext,
  browserError?: unknown,
): Promise<LoadedPage> {
  const page: LoadedPage = { ...(await fetchOverHttp(url, options, load)), engine: 'http' };
  if (browserError !== undefined && contentKind(page.headers['content-type'], page.body) !== 'document') throw browserError;
  return { ...page, warning: page.warning ? `${page.warning} ${DOCUMENT_OVER_HTTP}` : DOCUMENT_OVER_HTTP };
}

function isJavaScriptShell(page: LoadedPage): boolean {
  if (page.status < 200 || page.status >= 300) return false;
  if (contentKind(page.headers['content-type'], page.body) !== 'html') return false;
  return looksRenderedByJavaScript(Buffer.from(page.body.buffer, page.body.byteOffset, page.body.byteLength).toString('latin1'));
}
