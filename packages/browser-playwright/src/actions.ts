import type { Page } from 'playwright-core';
import { isTrawlError, TrawlError, type Action, type ActionResults } from '@trawl/core';
import { MAX_ACTION_OUTPUT_BYTES, MAX_SCRIPT_RESULT_BYTES } from '@trawl/core/ports';

/** How one screenshot is taken: the whole page or the viewport, JPEG quality (PNG without), a new viewport first. */
export interface ScreenshotShot {
  fullPage: boolean;
  quality?: number | undefined;
  viewport?: { width: number; height: number } | undefined;
}

/** Takes a screenshot of the page as it stands and returns its URL (data: or a sink's). */
export type CaptureScreenshot = (shot: ScreenshotShot) => Promise<string>;

/** How a `pdf` action prints the page: paper size, orientation, scale. */
export type PdfPrint = Pick<Extract<Action, { type: 'pdf' }>, 'format' | 'landscape' | 'scale'>;

/** Prints the page as it stands to a PDF and returns its URL (data: or a sink's). */
export type PrintPdf = (print: PdfPrint) => Promise<string>;

/** What actions hand to the page's owner to turn into URLs: screenshots and prints. */
export interface PageCaptures {
  screenshot: CaptureScreenshot;
  pdf: PrintPdf;
}

/** An action that threw, with enough to name it: its index in `actions`, its type and its selector. */
export class ActionFailure extends Error {
  constructor(
    readonly index: number,
    readonly action: Action,
    cause: unknown,
  ) {
    const selector = 'selector' in action && action.selector ? ` on "${action.selector}"` : '';
    super(`actions[${index}] (${action.type}${selector}) failed: ${reasonOf(cause)}`, { cause });
    this.name = 'ActionFailure';
  }
}

export function emptyActionResults(): ActionResults {
  return { screenshots: [], scrapes: [], javascriptReturns: [], pdfs: [] };
}

/**
 * What one scrape's actions may hand back in all (returned values, `scrape` HTML, screenshots, PDFs):
 * past it the scrape fails with SCRAPE_TOO_LARGE rather than carry hundreds of megabytes to the
 * client. Sizes are characters of JSON, HTML or the screenshot's URL.
 */
class ActionOutputBudget {
  private spent = 0;

  constructor(private readonly max: number) {}

  get left(): number {
    return this.max - this.spent;
  }

  spend(size: number, what: string): void {
    if (size > this.left) throw outOfBudget(`${what} comes to ${size} characters`, this.left);
    this.spent += size;
  }
}

/** Runs the actions in order; results accumulate in `results`, so a failure keeps what came before it. */
export async function runActions(
  page: Page,
  actions: readonly Action[],
  results: ActionResults,
  capture: PageCaptures,
  beforeEach: () => void = () => undefined,
): Promise<void> {
  const budget = new ActionOutputBudget(MAX_ACTION_OUTPUT_BYTES);
  for (const [index, action] of actions.entries()) {
    try {
      beforeEach();
      await runAction(page, action, results, capture, budget);
    } catch (error) {
      // A bound the action met is the caller's to see as such (a 4xx), not a failed action.
      if (isTrawlError(error)) throw new TrawlError(error.code, `actions[${index}] (${action.type}): ${error.message}`, { cause: error });
      throw new ActionFailure(index, action, error);
    }
  }
}

async function runAction(
  page: Page,
  action: Action,
  results: ActionResults,
  capture: PageCaptures,
  budget: ActionOutputBudget,
): Promise<void> {
  switch (action.type) {
    case 'wait':
      if (action.selector) await page.locator(action.selector).first().waitFor({ state: 'visible' });
      if (action.milliseconds) await page.waitForTimeout(action.milliseconds);
      if (!action.selector && !action.milliseconds) throw new Error('a wait action needs "milliseconds" or "selector"');
      return;
    case 'click':
      await page.locator(action.selector).first().click();
      return settle(page);
    case 'write':
      await page.keyboard.type(action.text);
      return;
    case 'press':
      await page.keyboard.press(action.key);
      return settle(page);
    case 'scroll':
      return scroll(page, action.direction, action.selector);
    case 'screenshot': {
      const url = await capture.screenshot(action);
      budget.spend(url.length, 'the screenshot');
      results.screenshots.push(url);
      return;
    }
    case 'pdf': {
      const url = await capture.pdf(action);
      budget.spend(url.length, 'the PDF');
      results.pdfs.push(url);
      return;
    }
    case 'scrape': {
      // Measured in the page first, so an enormous document is refused before it crosses to Node.
      budget.spend(await page.evaluate(() => document.documentElement.outerHTML.length), "the page's HTML");
      results.scrapes.push({ url: page.url(), html: await page.content() });
      return;
    }
    case 'executeJavascript': {
      const value = await evaluateScript(page, action.script, Math.min(MAX_SCRIPT_RESULT_BYTES, budget.left));
      budget.spend(jsonLength(value), 'the returned value');
      results.javascriptReturns.push({ type: typeof value, value });
      return;
    }
  }
}

/** A click or key press may start a navigation: let its document arrive before the next action. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded').catch(() => undefined);
}

async function scroll(page: Page, direction: 'up' | 'down', selector: string | undefined): Promise<void> {
  const sign = direction === 'up' ? -1 : 1;
  if (!selector) {
    await page.evaluate((s) => window.scrollBy(0, s * window.innerHeight), sign);
    return;
  }
  await page
    .locator(selector)
    .first()
    .evaluate((element, s) => {
      // A scrollable element scrolls by its own height; any other is scrolled to.
      if (element.scrollHeight > element.clientHeight + 1) element.scrollBy(0, s * element.clientHeight);
      else element.scrollIntoView({ block: s > 0 ? 'end' : 'start' });
    }, sign);
}

/** What the page throws when a script's value is too large to return; the number is its JSON length. */
const TOO_LARGE_MARK = 'TRAWL_RESULT_TOO_LARGE';

/**
 * Runs the caller's script in the page (never in Node): as an expression first, so
 * `document.title` returns its value, then as a function body, so `return x` works too. The page
 * measures the value as JSON before handing it over: one past `maxChars` characters is refused
 * there (SCRAPE_TOO_LARGE), so a script returning 300 MB never sends it to Node.
 */
export async function evaluateScript(page: Page, script: string, maxChars: number = MAX_SCRIPT_RESULT_BYTES): Promise<unknown> {
  const bounded = (body: string) => `(async () => {
  const value = await (async () => ${body})();
  let json;
  try { json = JSON.stringify(value); } catch { return value; }
  if (json !== undefined && json.length > ${maxChars}) throw new Error('${TOO_LARGE_MARK} ' + json.length);
  return value;
})()`;
  try {
    return await page.evaluate(bounded(`(${script}\n)`)).catch((error: unknown) => rethrowTooLarge(error, maxChars));
  } catch (error) {
    if (isTrawlError(error) || !/SyntaxError/.test(reasonOf(error))) throw error;
    return page.evaluate(bounded(`{\n${script}\n}`)).catch((error: unknown) => rethrowTooLarge(error, maxChars));
  }
}

function rethrowTooLarge(error: unknown, maxChars: number): never {
  const length = new RegExp(`${TOO_LARGE_MARK} (\\d+)`).exec(reasonOf(error))?.[1];
  if (length === undefined) throw error;
  const what = `the returned value is ${length} characters of JSON`;
  // The bound was the budget's rest when that was the smaller.
  if (maxChars < MAX_SCRIPT_RESULT_BYTES) throw outOfBudget(what, maxChars);
  throw new TrawlError('SCRAPE_TOO_LARGE', `${what}, more than an action may return (at most ${MAX_SCRIPT_RESULT_BYTES})`);
}

function outOfBudget(what: string, left: number): TrawlError {
  return new TrawlError(
    'SCRAPE_TOO_LARGE',
    `${what}, more than the actions may return (${Math.max(0, left)} left of the ${MAX_ACTION_OUTPUT_BYTES} all actions may return)`,
  );
}

function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 0;
  }
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // Playwright appends a call log; the first line says what went wrong.
  return message.split('\n')[0]!.replace(/^\w+\.\w+: /, '');
}
