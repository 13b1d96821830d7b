import { AD_ATTRIBUTES, AD_FRAME_HOST, AD_LABEL_TEXT, AD_PATTERN, COOKIE_BANNER_PATTERN } from '../vocabulary/boilerplate-selectors.js';
import { textLength } from '../dom/text.js';

/** An ad holding more than this share of the page's text is more likely a mislabelled wrapper. */
export const MAX_SHARE_OF_TEXT = 0.4;

/**
 * Removes ad slots, ad frames, "Advertisement" labels and cookie or consent banners under
 * `root`, in one walk of the tree (blockAds, on by default, whatever onlyMainContent says).
 */
export function removeAdsAndConsentBanners(root: Element): void {
  // Measuring the whole page's text is dear, and most pages have no ad slot: measure on the first.
  let limit: number | undefined;
  const withinLimit = (element: Element) => textLength(element) <= (limit ??= textLength(root) * MAX_SHARE_OF_TEXT);
  // An explicit stack, not recursion: a page's depth is its author's choice.
  const pending: Element[] = [root];
  for (let parent = pending.pop(); parent; parent = pending.pop()) {
    for (const element of Array.from(parent.children)) {
      if (isAdOrConsentBanner(element) && withinLimit(element)) element.remove();
      else pending.push(element);
    }
  }
}

function isAdOrConsentBanner(element: Element): boolean {
  if (element.hasAttributes() && hasAdAttributes(element)) return true;
  // A bare label ("Advertisement") is all that is left of a slot whose script never ran.
  if (element.firstElementChild) return false;
  return isAdLabel(element.textContent ?? '');
}

function hasAdAttributes(element: Element): boolean {
  return adAttributesMatch(element.tagName, (name) => element.getAttribute(name));
}

/**
 * Whether an element's attributes mark an ad slot, ad frame or consent banner, read through
 * `attribute` (the DOM's getAttribute, or the streaming link reader's attribute record).
 */
export function adAttributesMatch(tagName: string, attribute: (name: string) => string | null | undefined): boolean {
  const names = `${attribute('class') ?? ''} ${attribute('id') ?? ''}`;
  if (names.length > 1 && (AD_PATTERN.test(names) || COOKIE_BANNER_PATTERN.test(names))) return true;
  if (AD_ATTRIBUTES.some((name) => attribute(name) != null)) return true;
  if (/cookie|consent/i.test(attribute('aria-label') ?? '')) return true;
  return tagName.toUpperCase() === 'IFRAME' && isAdFrame(attribute('src') ?? '');
}

/** The whole text of a bare ad label ("Advertisement") is this short. */
export const MAX_AD_LABEL_LENGTH = 40;

/** Whether a leaf element's text is only an ad label. */
export function isAdLabel(text: string): boolean {
  return text.length > 0 && text.length < MAX_AD_LABEL_LENGTH && AD_LABEL_TEXT.test(text.trim());
}

function isAdFrame(src: string): boolean {
  try {
    return AD_FRAME_HOST.test(new URL(src, 'http://relative.invalid/').hostname);
  } catch {
    return false;
  }
}
