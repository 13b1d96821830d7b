import { httpFetch } from '../fetch/engine.js';
import type { LoadedPage } from '../fetch/types.js';
import type { ResolvedScrapeOptions } from '../options.js';
import type { Browser, EngineChoice } from '../ports/browser.js';
import { assertAllowedTarget, parseTargetUrl } from '../url/guard.js';
import type { SsrfPolicy } from '../url/ssrf.js';
import { partialScrapeWarning } from './capabilities.js';
import { contentKind } from './content-kind.js';
import { looksRenderedByJavaScript, planEngine } from './engine-choice.js';

/** Engine settings that are not scrape options: set by the library caller or the server, never by an API client. */
export interface EngineContext {
  policy: SsrfPolicy;
  userAgent?: string;
  maxRedirects?: number;
  maxBodyBytes?: number;
  signal?: AbortSignal;
  /** Default `auto`: HTTP unless the request or a JavaScript-rendered page needs the browser. */
  engine?: EngineChoice;
  browser?: Browser;
}

/** Loads a page with the engine the request needs. Every scrape path (scrape, crawl, batch) goes through here. */
export async function loadPage(url: string, options: ResolvedScrapeOptions, engine: EngineContext): Promise<LoadedPage> {
  const plan = planEngine(engine.engine ?? 'auto', options, Boolean(engine.browser));
  if (plan.engine === 'browser') return loadInBrowser(engine.browser!, url, options, engine);
  const page = await httpFetch(
    url,
    {
      headers: options.headers,
      timeout: options.timeout,
      skipTlsVerification: options.skipTlsVerification,
      userAgent: engine.userAgent,
      maxRedirects: engine.maxRedirects,
      maxBodyBytes: engine.maxBodyBytes,
      signal: engine.signal,
    },
    engine.policy,
  );
  if (plan.renderCheck && engine.browser && isJavaScriptShell(page)) return loadInBrowser(engine.browser, url, options, engine);
  const warning = partialScrapeWarning(plan.skipped);
  const loaded = warning ? { ...page, warning } : page;
  // Without a browser the shell check only adds a warning: the conversion makes it, on the text it
  // decodes anyway, instead of this thread copying every page into a string to read.
  return plan.renderCheck && !engine.browser ? { ...loaded, warnIfRenderedByJavaScript: true } : loaded;
}

async function loadInBrowser(browser: Browser, url: string, options: ResolvedScrapeOptions, engine: EngineContext): Promise<LoadedPage> {
  // A clear error before the browser starts; the adapter guards every later request (redirects, subresources).
  await assertAllowedTarget(parseTargetUrl(url), engine.policy);
  return browser.load({
    url,
    options,
    policy: engine.policy,
    userAgent: engine.userAgent,
    maxBodyBytes: engine.maxBodyBytes,
    signal: engine.signal,
  });
}

function isJavaScriptShell(page: LoadedPage): boolean {
  if (page.status < 200 || page.status >= 300) return false;
  if (contentKind(page.headers['content-type'], page.body) !== 'html') return false;
  return looksRenderedByJavaScript(Buffer.from(page.body.buffer, page.body.byteOffset, page.body.byteLength).toString('latin1'));
}
