import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { TrawlError, type Action, type ScreenshotSink } from '@trawl/core';
import type { BrowserPageSession, BrowserStorageState, LoadedPage, PageCodeResult } from '@trawl/core/ports';
import { toTrawlError } from './browser-errors.js';
import { ActionFailure, emptyActionResults, runActions, type PageCaptures } from './actions.js';
import { serialiseDocument } from './cookie-banners.js';
import { BLOCKED_HEADER } from './guard-proxy.js';

/** Characters of console output one code run hands back; past it the output is cut. */
const MAX_CONSOLE_CHARS = 100_000;
/** How often a session's goto is tried when the page's own navigations keep interrupting it. */
const MAX_GOTO_ATTEMPTS = 4;

/**
 * A page kept open for a client (a `/v2/browser` session, or a scrape's page kept for interact),
 * in a context of its own. It holds no page slot: `release` gives back its hold on the browser
 * process (which otherwise would close when idle or retired) once the page is closed.
 */
export class PlaywrightPageSession implements BrowserPageSession {
  #closed = false;
  #closing: Promise<void> | undefined;

  constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
    private readonly screenshots: ScreenshotSink,
    private readonly release: () => void,
    private readonly maxBodyBytes?: number,
  ) {
    page.once('close', () => void this.close());
    context.browser()?.once('disconnected', () => void this.close());
  }

  url(): string {
    return this.page.url();
  }

  closed(): boolean {
    return this.#closed || this.page.isClosed();
  }

  async goto(url: string, timeoutMs: number): Promise<LoadedPage> {
    const response = await this.#gotoAfterPendingNavigations(url, timeoutMs).catch((error: unknown) => {
      throw toTrawlError(error, url, this.closed() ? 'crashed' : undefined, timeoutMs);
    });
    if (response?.headers()[BLOCKED_HEADER]) {
      throw new TrawlError('SCRAPE_BLOCKED_URL', `Refused to load ${url} in the browser: it is a private, loopback or link-local address.`);
    }
    return { ...(await this.snapshot()), status: response?.status() ?? 200 };
  }

  /**
   * A navigation the page's own script started (code that set location.href) may still be under
   * way and interrupt this one, on a loaded machine more than once: each time, the page's own
   * navigation is let finish and this one is tried again, a few times within the deadline.
   */
  async #gotoAfterPendingNavigations(url: string, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.page.goto(url, { waitUntil: 'load', timeout: Math.max(1, deadline - Date.now()) });
      } catch (error) {
        if (attempt >= MAX_GOTO_ATTEMPTS || !String(error).includes('interrupted by another navigation')) throw error;
        await this.page.waitForLoadState('load', { timeout: Math.max(1, deadline - Date.now()) }).catch(() => {});
      }
    }
  }

  async run(actions: readonly Action[], timeoutMs: number): Promise<LoadedPage> {
    const results = emptyActionResults();
    const deadline = Date.now() + timeoutMs;
    const beforeEach = () => this.page.setDefaultTimeout(Math.max(100, deadline - Date.now()));
    try {
      await runActions(this.page, actions, results, this.#captures(), beforeEach);
    } catch (error) {
      if (error instanceof ActionFailure) throw new TrawlError('SCRAPE_ACTION_ERROR', error.message, { cause: error });
      throw toTrawlError(error, this.page.url(), this.closed() ? 'crashed' : undefined, timeoutMs);
    }
    return { ...(await this.snapshot()), actions: results };
  }

  async snapshot(): Promise<LoadedPage> {
    const html = await this.page.evaluate(serialiseDocument, []);
    const body = Buffer.from(html, 'utf8');
    if (this.maxBodyBytes !== undefined && body.byteLength > this.maxBodyBytes) {
      throw new TrawlError('SCRAPE_TOO_LARGE', `${this.page.url()} is larger than the ${this.maxBodyBytes} bytes allowed`);
    }
    return { url: this.page.url(), status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body, redirects: [] };
  }

  /**
   * The code runs inside the page as the body of an async function: the page's own JavaScript
   * world, with the page's rights and nothing of Node's. A run past `timeoutMs` ends the session,
   * since a script stuck in a loop holds the page's renderer.
   */
  async runCode(code: string, timeoutMs: number): Promise<PageCodeResult> {
    const out: string[] = [];
    const err: string[] = [];
    const onConsole = (message: ConsoleMessage) => {
      const line = message.text();
      (message.type() === 'error' || message.type() === 'warning' ? err : out).push(line);
    };
    this.page.on('console', onConsole);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const source = `(async () => { const value = await (async () => {\n${code}\n})(); return value === undefined ? undefined : JSON.stringify(value); })()`;
    try {
      const outcome = await Promise.race([this.page.evaluate(source).then((value) => ({ value: value as string | undefined })), timedOut]);
      if (outcome === 'timeout') {
        await this.close();
        return this.#result(out, [...err, `The code ran past its ${timeoutMs} ms timeout: the session was closed.`], undefined, 124, true);
      }
      return this.#result(out, err, outcome.value, 0, false);
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      return this.#result(out, [...err, message], undefined, 1, false);
    } finally {
      clearTimeout(timer);
      this.page.off('console', onConsole);
    }
  }

  #result(out: string[], err: string[], result: string | undefined, exitCode: number, killed: boolean): PageCodeResult {
    return {
      result: result?.slice(0, MAX_CONSOLE_CHARS),
      stdout: out.join('\n').slice(0, MAX_CONSOLE_CHARS),
      stderr: err.join('\n').slice(0, MAX_CONSOLE_CHARS),
      exitCode,
      killed,
    };
  }

  async state(): Promise<BrowserStorageState> {
    const state = await this.context.storageState();
    return { cookies: state.cookies as unknown as Array<Record<string, unknown>>, origins: state.origins };
  }

  close(): Promise<void> {
    this.#closed = true;
    this.#closing ??= this.context
      .close()
      .catch(() => undefined)
      .finally(() => this.release());
    return this.#closing;
  }

  #captures(): PageCaptures {
    const page = this.page;
    return {
      screenshot: async ({ fullPage, quality, viewport }) => {
        if (viewport) await page.setViewportSize(viewport);
        const type = quality === undefined ? 'png' : 'jpeg';
        const data = await page.screenshot({ fullPage, type, ...(quality === undefined ? {} : { quality }) });
        return this.screenshots.store({ data, mimeType: `image/${type}`, pageUrl: page.url() });
      },
      pdf: async ({ format, landscape, scale }) => {
        await page.emulateMedia({ media: 'screen' });
        const data = await page.pdf({ format, landscape, scale, printBackground: true });
        return this.screenshots.store({ data, mimeType: 'application/pdf', pageUrl: page.url() });
      },
    };
  }
}
