import type { Frame, Page } from 'playwright-core';
import { challengeSigns, CONSENT_CONTROLS, consentContainerSelectors, GOOGLE_CONSENT, LITTLE_TEXT } from '@trawl/core/ports';

/**
 * What the browser does about block pages before it reads a page (core's escalation ladder
 * sends block pages here; the vocabulary is core's, blocks/markers.ts):
 *
 * - a JavaScript challenge still running ("Just a moment…") is given time to pass and reload,
 *   as it does in any real browser;
 * - a consent wall (a consent manager's banner with next to nothing else on the page) is
 *   dismissed with its reject button, else its accept button, and the page it lets through is read.
 *
 * The checks are plain JavaScript in strings, run in the page (see rendering-wait.ts for why not
 * functions). Pages that are neither pay one evaluate.
 */

/** The longest a challenge is given to pass (Cloudflare's take a few seconds). */
export const CHALLENGE_WAIT_MS = 15_000;
/** How often a running challenge is looked at again. */
const CHALLENGE_POLL_MS = 250;
/** How long the page is given to change after a consent button is clicked. */
const CONSENT_WAIT_MS = 3_000;
/** Text outside a consent banner below which the banner is a wall. */
const CONSENT_WALL_TEXT = 500;

const SIGNS = challengeSigns();
export const CONSENT_CONTAINERS = consentContainerSelectors().join(',');

/** Resolves true while the page looks like a challenge still running: little text, and a challenge's title, global or element. */
export const CHALLENGE_CHECK = `(() => {
  const signs = ${JSON.stringify(SIGNS)};
  const text = ((document.body && document.body.innerText) || '').trim();
  if (text.length >= ${LITTLE_TEXT}) return false;
  if (signs.titles.some((source) => new RegExp(source, 'i').test(document.title))) return true;
  if (signs.globals.some((name) => name in window)) return true;
  return signs.ids.some((id) => document.getElementById(id));
})()`;

/**
 * In the page (`inFrame` false): whether it is a consent wall, and the reject (else accept)
 * control it clicked, if any. In a consent manager's frame (`inFrame` true): the control clicked.
 */
const CONSENT_CLICK = `((inFrame) => {
  const containers = ${JSON.stringify(CONSENT_CONTAINERS)};
  const googleForm = new RegExp(${JSON.stringify(GOOGLE_CONSENT.formAction.source)}, 'i');
  const reject = ${JSON.stringify(CONSENT_CONTROLS.reject)};
  const accept = ${JSON.stringify(CONSENT_CONTROLS.accept)};
  const rejectText = new RegExp(${JSON.stringify(CONSENT_CONTROLS.rejectText.source)}, 'i');
  const acceptText = new RegExp(${JSON.stringify(CONSENT_CONTROLS.acceptText.source)}, 'i');
  const within = [...document.querySelectorAll(containers)];
  for (const form of document.forms) if (googleForm.test(form.action)) within.push(form);
  const bodyText = ((document.body && document.body.innerText) || '').trim().length;
  const bannerText = within.reduce((sum, el) => sum + ((el.innerText || '').trim().length), 0);
  // A banner beside the page's own text is no wall: the page is read as it is.
  if (!inFrame && (within.length === 0 || bodyText - bannerText >= ${CONSENT_WALL_TEXT})) return { wall: false, clicked: null };
  const click = (el) => { el.click(); return el.id ? '#' + el.id : (el.textContent || el.value || '').trim().slice(0, 40); };
  const found = () => {
    for (const selector of [...reject, ...accept]) {
      const el = document.querySelector(selector);
      if (el) return click(el);
    }
    for (const wanted of [rejectText, acceptText]) {
      for (const root of inFrame ? [document] : within) {
        for (const el of root.querySelectorAll('button, input[type=submit], [role=button]')) {
          if (wanted.test(el.textContent || el.value || '')) return click(el);
        }
      }
    }
    return null;
  };
  return { wall: true, clicked: found() };
})`;

/**
 * While the page is a challenge still running, waits for the navigation that ends it (the
 * challenge reloads the page once passed) or for the page to stop looking like one, up to `maxMs`.
 */
export async function passChallenge(page: Page, maxMs: number): Promise<void> {
  const until = Date.now() + Math.min(maxMs, CHALLENGE_WAIT_MS);
  while (Date.now() < until && (await stillChallenged(page))) {
    const left = until - Date.now();
    const navigated = page
      .waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame(), timeout: left })
      .then(() => page.waitForLoadState('load', { timeout: Math.max(1, until - Date.now()) }))
      .catch(() => undefined);
    await Promise.race([navigated, page.waitForTimeout(CHALLENGE_POLL_MS).catch(() => undefined)]);
  }
}

/** A page that is navigating reads as still challenged: its next document decides. */
async function stillChallenged(page: Page): Promise<boolean> {
  try {
    return (await page.evaluate(CHALLENGE_CHECK)) === true;
  } catch {
    await page.waitForLoadState('load').catch(() => undefined);
    return true;
  }
}

/**
 * When the page is a consent wall, clicks its reject (or accept) control, in the page or in a
 * consent manager's frame, and waits for what it lets through: a navigation, or the page's own
 * content appearing. Resolves what was clicked, or undefined when the page is no wall.
 */
export async function dismissConsentWall(page: Page): Promise<string | undefined> {
  const inPage = await clickIn(page.mainFrame(), false);
  if (!inPage?.wall) return undefined;
  const clicked = inPage.clicked ?? (await clickInConsentFrames(page));
  if (!clicked) return undefined;
  const navigated = page
    .waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame(), timeout: CONSENT_WAIT_MS })
    .then(() => page.waitForLoadState('load'))
    .catch(() => undefined);
  // The banner goes (the page's content then renders; waitForRendering waits for it), or the content shows beside it.
  const appeared = page
    .waitForFunction(
      `!document.querySelector(${JSON.stringify(CONSENT_CONTAINERS)}) || ((document.body && document.body.innerText) || '').trim().length >= ${CONSENT_WALL_TEXT}`,
      undefined,
      { timeout: CONSENT_WAIT_MS, polling: 100 },
    )
    .catch(() => undefined);
  await Promise.race([navigated, appeared]);
  return clicked;
}

interface ConsentClick {
  wall: boolean;
  clicked: string | null;
}

async function clickIn(frame: Frame, inFrame: boolean): Promise<ConsentClick | undefined> {
  try {
    return (await frame.evaluate(`${CONSENT_CLICK}(${inFrame})`)) as ConsentClick;
  } catch {
    return undefined;
  }
}

/** Sourcepoint and others show their message in an iframe of their own host. */
async function clickInConsentFrames(page: Page): Promise<string | undefined> {
  for (const frame of page.frames()) {
    if (frame === page.mainFrame() || !/privacy-mgmt|sp_message|consent|cmp/i.test(frame.url() + frame.name())) continue;
    const clicked = (await clickIn(frame, true))?.clicked;
    if (clicked) return clicked;
  }
  return undefined;
}
