import type { Page } from 'playwright-core';
import { GOOGLE_CONSENT } from '@trawl/core/ports';
import { CHALLENGE_CHECK, CONSENT_CONTAINERS } from './block-pages.js';
import { RENDERED_CHECK, RENDERED_TEXT } from './rendering-wait.js';

/** What a page that has just loaded still needs before it is read. */
export interface FirstLook {
  /** A JavaScript challenge still running: passChallenge waits for it. */
  challenged: boolean;
  /** A consent manager's banner or Google's consent form is there: dismissConsentWall decides whether it is a wall. */
  consentBanner: boolean;
  /** The page shows its content (or has no script to add any): no rendering wait. */
  rendered: boolean;
}

/** Every step runs when the page could not be looked at (it was navigating): its next document decides. */
const LOOK_AGAIN: FirstLook = { challenged: true, consentBanner: true, rendered: false };

/**
 * The three checks of a loaded page (challenge, consent wall, content shown) in one evaluate: most
 * pages are none of the first two and show their content, and then pay one round trip to the page
 * instead of three. The steps themselves (block-pages.ts, rendering-wait.ts) run only when needed.
 */
const FIRST_LOOK = `(() => {
  const googleForm = new RegExp(${JSON.stringify(GOOGLE_CONSENT.formAction.source)}, 'i');
  return {
    challenged: ${CHALLENGE_CHECK},
    consentBanner: document.querySelector(${JSON.stringify(CONSENT_CONTAINERS)}) !== null || [...document.forms].some((form) => googleForm.test(form.action)),
    rendered: document.scripts.length === 0 || (${RENDERED_CHECK})(${RENDERED_TEXT}),
  };
})()`;

export async function firstLook(page: Page): Promise<FirstLook> {
  return ((await page.evaluate(FIRST_LOOK).catch(() => undefined)) as FirstLook | undefined) ?? LOOK_AGAIN;
}
