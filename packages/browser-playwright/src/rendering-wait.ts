import type { Page } from 'playwright-core';
import { APP_ROOT_IDS, consentContainerSelectors, LOADING_TEXT } from '@trawl/core/ports';
import { COOKIE_BANNER_SELECTORS } from './cookie-banners.js';

/** Text of its own (outside header, navigation, footer, asides and banners) above which a page counts as rendered. */
export const RENDERED_TEXT = 200;
/** Quiet time (no DOM change) that ends the wait once the page shows its content. */
const QUIET_MS = 500;

/** Where a page's furniture is: its text is not the content an app renders. */
const FURNITURE = [
  'header',
  'nav',
  'footer',
  'aside',
  '[role=banner]',
  '[role=navigation]',
  '[role=contentinfo]',
  '[role=complementary]',
  ...COOKIE_BANNER_SELECTORS,
  ...consentContainerSelectors(),
].join(',');

/**
 * Whether the page shows its content: enough text of its own outside its furniture, and no app
 * root or main region still saying "Loading…". Judging the main region, not the whole page, is
 * what tells an app whose header and footer are in its HTML from a rendered one.
 */
export const RENDERED_CHECK = `(enough) => {
  const body = document.body;
  if (!body) return false;
  const furniture = ${JSON.stringify(FURNITURE)};
  let own = (body.innerText || '').trim().length;
  for (const el of body.querySelectorAll(furniture)) {
    if (!el.parentElement || !el.parentElement.closest(furniture)) own -= (el.innerText || '').trim().length;
  }
  const loading = new RegExp(${JSON.stringify(LOADING_TEXT.source)}, 'i');
  const regions = [...${JSON.stringify(APP_ROOT_IDS)}.map((id) => document.getElementById(id)), document.querySelector('main, [role=main]')];
  const placeholder = regions.some((el) => el && loading.test((el.innerText || '').trim()));
  return own >= enough && !placeholder;
}`;

/**
 * The wait, run in the page. Plain JavaScript in a string, like the stealth script: a function
 * would be rewritten by whatever loads this module (tsx adds `__name(…)` calls to named inner
 * functions), and in the page those helpers do not exist, so the wait would throw and not wait.
 * Resolves 'rendered' at once for a page that shows its content (or has no script to add any),
 * else watches the DOM until some content of its own shows (no placeholder left) and the DOM
 * stays quiet for a moment, or `maxMs` passes.
 */
const WAIT_SCRIPT = `({ renderedText, quietMs, maxMs }) => new Promise((resolve) => {
  const shows = ${RENDERED_CHECK};
  if (shows(renderedText) || document.scripts.length === 0) return resolve('rendered');
  let quiet;
  let cap;
  let observer;
  const done = (how) => {
    observer.disconnect();
    clearTimeout(quiet);
    clearTimeout(cap);
    resolve(how);
  };
  const restartQuiet = () => {
    clearTimeout(quiet);
    if (shows(1)) quiet = setTimeout(() => done('settled'), quietMs);
  };
  observer = new MutationObserver(restartQuiet);
  observer.observe(document, { subtree: true, childList: true, characterData: true });
  restartQuiet();
  cap = setTimeout(() => done('gave up'), maxMs);
})`;

/**
 * After `load`, a page built by scripts may still be empty where its content goes (data fetched,
 * timers, hydration), however much header and footer it has. A page showing its content goes on
 * at once; one that does not is watched until its content shows and its DOM and network are
 * quiet, or `maxMs` passes. Pages that show their content, or have no scripts, pay one evaluate.
 */
export async function waitForRendering(page: Page, maxMs: number): Promise<void> {
  if (maxMs <= 0) return;
  const settings = JSON.stringify({ renderedText: RENDERED_TEXT, quietMs: QUIET_MS, maxMs });
  // Requests the app has in flight (its data) are waited for too, from the start, alongside the DOM.
  const networkQuiet = page.waitForLoadState('networkidle', { timeout: maxMs }).catch(() => undefined);
  // A navigation during the wait ends it: nothing to wait for any more.
  const how = await page.evaluate(`(${WAIT_SCRIPT})(${settings})`).catch(() => 'rendered');
  if (how !== 'rendered') await networkQuiet;
}
