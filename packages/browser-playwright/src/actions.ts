import type { Page } from 'playwright-core';
import type { Action, ActionResults } from '@trawl/core';

/** How one screenshot is taken: the whole page or the viewport, JPEG quality (PNG without), a new viewport first. */
export interface ScreenshotShot {
  fullPage: boolean;
  quality?: number | undefined;
  viewport?: { width: number; height: number } | undefined;
}

/** Takes a screenshot of the page as it stands and returns its URL (data: or a sink's). */
export type CaptureScreenshot = (shot: ScreenshotShot) => Promise<string>;

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
  return { screenshots: [], scrapes: [], javascriptReturns: [] };
}

/** Runs the actions in order; results accumulate in `results`, so a failure keeps what came before it. */
export async function runActions(
  page: Page,
  actions: readonly Action[],
  results: ActionResults,
  capture: CaptureScreenshot,
  beforeEach: () => void = () => undefined,
): Promise<void> {
  for (const [index, action] of actions.entries()) {
    try {
      beforeEach();
      await runAction(page, action, results, capture);
    } catch (error) {
      throw new ActionFailure(index, action, error);
    }
  }
}

async function runAction(page: Page, action: Action, results: ActionResults, capture: CaptureScreenshot): Promise<void> {
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
    case 'screenshot':
      results.screenshots.push(await capture(action));
      return;
    case 'scrape':
      results.scrapes.push({ url: page.url(), html: await page.content() });
      return;
    case 'executeJavascript': {
      const value = await evaluateScript(page, action.script);
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

/**
 * Runs the caller's script in the page (never in Node): as an expression first, so
 * `document.title` returns its value, then as a function body, so `return x` works too.
 */
export async function evaluateScript(page: Page, script: string): Promise<unknown> {
  try {
    return await page.evaluate(`(async () => (${script}\n))()`);
  } catch (error) {
    if (!/SyntaxError/.test(reasonOf(error))) throw error;
    return page.evaluate(`(async () => {\n${script}\n})()`);
  }
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // Playwright appends a call log; the first line says what went wrong.
  return message.split('\n')[0]!.replace(/^\w+\.\w+: /, '');
}
