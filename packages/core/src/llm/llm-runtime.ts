import type { Document } from '../document.js';
import type { Browser, EngineChoice } from '../ports/browser.js';
import type { LlmProvider } from '../ports/llm.js';
import type { SsrfPolicy } from '../url/ssrf.js';

/** What runs an extract or llms.txt job: the model and how pages are fetched. Never set by an API client. */
export interface LlmJobRuntime {
  /** Without one, extract fails with a clear error and llms.txt falls back to page metadata. */
  llm?: LlmProvider;
  /** The SSRF guard, as scrape()'s `ssrf`: off by default (private addresses are fetched); `true` or a policy refuses them. */
  ssrf?: SsrfPolicy | boolean;
  userAgent?: string;
  engine?: EngineChoice;
  browser?: Browser;
  /** Stops the job; a job run from a store ends `cancelled`. */
  signal?: AbortSignal;
  /** Pages scraped at once (default 4). */
  concurrency?: number;
}

/** The runtime options of a page scrape made for a job. */
export function scrapeRuntime(runtime: LlmJobRuntime, signal: AbortSignal) {
  return {
    ...(runtime.ssrf !== undefined ? { ssrf: runtime.ssrf } : {}),
    ...(runtime.userAgent ? { userAgent: runtime.userAgent } : {}),
    ...(runtime.engine ? { engine: runtime.engine } : {}),
    ...(runtime.browser ? { browser: runtime.browser } : {}),
    signal,
  };
}

/** An error page (4xx, 5xx) says nothing about the site: jobs leave it out. */
export function assertPageOk(document: Document): void {
  const status = document.metadata.statusCode;
  if (status >= 400) throw new Error(`answered HTTP ${status}${document.metadata.error ? ` ${document.metadata.error}` : ''}`);
}
