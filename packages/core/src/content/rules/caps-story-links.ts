import { collapsedText, textLength, textLengthUpTo } from '../dom/text.js';

/** Lines such a link is written as. */
const LINE = 'p, div, li';
/** A headline: several words, but a line, not a paragraph. */
const MIN_WORDS = 4;
const MAX_LINE_CHARS = 200;
/** Share of the line's text inside its one link. */
const MIN_LINK_SHARE = 0.9;
const LOWER_CASE = /\p{Ll}/u;

/**
 * Removes lines between an article's paragraphs that are nothing but another story's headline,
 * linked and in capitals ("TAYLOR SWIFT CLEARED TO PERFORM HITS AT AMAS", "CLICK HERE TO GET THE
 * FOX NEWS APP"): news sites' "read also" written without a label. Text in capitals that is not
 * one link (a shouted sentence, an acronym) stays, and so does a link to another site ("CLICK FOR
 * FULL RESULTS": the story's source). Returns how many went.
 */
export function removeCapsStoryLinks(root: Element, pageUrl: string): number {
  let removed = 0;
  for (const line of Array.from(root.querySelectorAll(LINE))) {
    if (!root.contains(line) || textLengthUpTo(line, MAX_LINE_CHARS) > MAX_LINE_CHARS) continue;
    const links = line.querySelectorAll('a[href]');
    if (links.length !== 1 || line.querySelector('img, picture, video, iframe')) continue;
    const text = collapsedText(line);
    if (LOWER_CASE.test(text) || text.split(' ').length < MIN_WORDS) continue;
    if (textLength(links[0]) < text.length * MIN_LINK_SHARE || !isSameSite(links[0]!.getAttribute('href') ?? '', pageUrl)) continue;
    line.remove();
    removed++;
  }
  return removed;
}

/** Whether `href` points into the page's own site (its host or a subdomain of it, "www." aside). */
function isSameSite(href: string, pageUrl: string): boolean {
  try {
    const page = new URL(pageUrl).hostname.replace(/^www\./, '');
    const target = new URL(href, pageUrl).hostname.replace(/^www\./, '');
    return target === page || target.endsWith(`.${page}`) || page.endsWith(`.${target}`);
  } catch {
    return false;
  }
}
