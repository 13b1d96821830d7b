import type { Page } from 'playwright-core';

/** Visible text above which a page counts as rendered: no wait at all. */
const RENDERED_TEXT = 200;
/** Quiet time (no DOM change) that ends the wait once the page shows some text. */
const QUIET_MS = 500;

/**
 * After `load`, a page built by scripts may still be empty (data fetched, timers, hydration).
 * A page with text goes on at once; an almost empty one is watched until it shows text and its
 * DOM stays quiet for a moment, or `maxMs` passes. Pages with text or without scripts pay nothing.
 */
export async function waitForRendering(page: Page, maxMs: number): Promise<void> {
  if (maxMs <= 0) return;
  await page.evaluate(
    ({ renderedText, quietMs, maxMs }) =>
      new Promise<void>((resolve) => {
        const textLength = () => (document.body?.innerText ?? '').trim().length;
        // Enough text, or no script that could add any: the page is what it is.
        if (textLength() >= renderedText || document.scripts.length === 0) return resolve();
        let quiet: ReturnType<typeof setTimeout> | undefined;
        const done = () => {
          observer.disconnect();
          clearTimeout(quiet);
          clearTimeout(cap);
          resolve();
        };
        const restartQuiet = () => {
          clearTimeout(quiet);
          if (textLength() > 0) quiet = setTimeout(done, quietMs);
        };
        const observer = new MutationObserver(restartQuiet);
        observer.observe(document, { subtree: true, childList: true, characterData: true });
        restartQuiet();
        const cap = setTimeout(done, maxMs);
      }),
    { renderedText: RENDERED_TEXT, quietMs: QUIET_MS, maxMs },
  ).catch(() => undefined); // a navigation during the wait ends it: nothing to wait for any more
}
