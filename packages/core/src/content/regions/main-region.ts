import { textLength } from '../dom/text.js';

/** Where pages put their main content: landmarks first, then the common ids and classes. */
const REGION_SELECTOR = [
  'main',
  '[role="main"]',
  '#main',
  '#main-content',
  '#maincontent',
  '#content',
  '#primary',
  '.main-content',
  '#page-content',
  '.page-content',
  '#content-main',
].join(', ');

/** A region holding less than this share of the body's text is a fragment (a hero, a card), not the main region. */
const MIN_SHARE_OF_BODY = 0.3;

/**
 * The page's main region: the most specific landmark or content container that still holds a
 * fair share of the page's text, or the body when the page marks none. Headers, navigations and
 * footers outside it drop out with no guessing.
 */
export function findMainRegion(body: Element): Element {
  return measuredMainRegion(body).region;
}

/** `findMainRegion` with the region's `textLength`, which it measures anyway (callers need it too). */
export function measuredMainRegion(body: Element): { region: Element; text: number } {
  const candidates = Array.from(body.querySelectorAll(REGION_SELECTOR));
  const bodyText = textLength(body);
  if (candidates.length === 0) return { region: body, text: bodyText };
  let best: Element = body;
  let bestText = bodyText;
  for (const candidate of candidates) {
    const text = textLength(candidate);
    if (text >= bodyText * MIN_SHARE_OF_BODY && text < bestText) {
      best = candidate;
      bestText = text;
    }
  }
  return { region: best, text: bestText };
}
