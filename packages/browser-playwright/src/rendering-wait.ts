import type { Page } from 'playwright-core';

/** Visible text above which a page counts as rendered: no wait at all. */
const RENDERED_TEXT = 200;
/** Quiet time (no DOM change) that ends the wait once the page shows some text. */
const QUIET_MS = 500;

/**
 * The wait, run in the page. Plain JavaScript in a string, like the stealth script: a function
 * would be rewritten by whatever loads this module (tsx adds `__name(…)` calls to named inner
 * functions), and in the page those helpers do not exist, so the wait would throw and not wait.
 */
const WAIT_SCRIPT = `({ renderedText, quietMs, maxMs }) => new Promise((resolve) => {
  const textLength = () => ((document.body && document.body.innerText) || '').trim().length;
  // Enough text, or no script that could add any: the page is what it is.
  if (textLength() >= renderedText || document.scripts.length === 0) return resolve();
  let quiet;
  let cap;
  let observer;
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
  observer = new MutationObserver(restartQuiet);
  observer.observe(document, { subtree: true, childList: true, characterData: true });
  restartQuiet();
  cap = setTimeout(done, maxMs);
})`;

/**
 * After `load`, a page built by scripts may still be empty (data fetched, timers, hydration).
 * A page with text goes on at once; an almost empty one is watched until it shows text and its
 * DOM stays quiet for a moment, or `maxMs` passes. Pages with text or without scripts pay nothing.
 */
export async function waitForRendering(page: Page, maxMs: number): Promise<void> {
  if (maxMs <= 0) return;
  const settings = JSON.stringify({ renderedText: RENDERED_TEXT, quietMs: QUIET_MS, maxMs });
  // A navigation during the wait ends it: nothing to wait for any more.
  await page.evaluate(`(${WAIT_SCRIPT})(${settings})`).catch(() => undefined);
}
