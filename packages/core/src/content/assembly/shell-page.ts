import { textLength, textLengthUpTo } from '../dom/text.js';

/** A site footer is mostly links; a footer that holds prose (a page misnested into it) is not one. */
const MIN_FOOTER_LINK_SHARE = 0.7;
/** Under this many characters, content made only of links is a stray menu, not the page. */
const MAX_STRAY_LINKS_TEXT = 200;
/** "Only links": the spaces between them are the rest. */
const MIN_STRAY_LINK_SHARE = 0.85;

const FOOTERS = 'footer, [role=contentinfo]';
/** Where text is not shown to a reader, or belongs to the footer. */
const NOT_PAGE_TEXT = `script, style, template, ${FOOTERS}, [style*="display:none"], [style*="display: none"]`;

/**
 * True when the body's only visible text is a footer that is a site directory (mostly links): a
 * client-side app's shell whose server rendered the footer and left the app's root empty. Such a
 * page has no main content; the footer's links are the site's, on every page. Stops at the first
 * text outside the footer, so a page with text costs a look at its first few text nodes.
 */
export function isFooterOnlyShell(body: Element): boolean {
  const footers = Array.from(body.querySelectorAll(FOOTERS));
  if (!footers.length) return false;
  const walker = body.ownerDocument.createTreeWalker(body, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!/\S/.test(node.textContent ?? '')) continue;
    if (!node.parentElement?.closest(NOT_PAGE_TEXT)) return false;
  }
  let text = 0;
  let linkText = 0;
  for (const footer of footers) {
    if (footers.some((other) => other !== footer && other.contains(footer))) continue;
    text += textLength(footer);
    for (const link of Array.from(footer.querySelectorAll('a'))) linkText += textLength(link);
  }
  return text > 0 && linkText >= text * MIN_FOOTER_LINK_SHARE;
}

/**
 * True when the content is a few links and nothing else (a shell's header links, "esk8 calc ·
 * donate now"): what a reader would read is not there, so the head's excerpt says more.
 */
export function isStrayLinks(content: Element): boolean {
  const text = textLengthUpTo(content, MAX_STRAY_LINKS_TEXT + 1);
  if (text === 0 || text > MAX_STRAY_LINKS_TEXT) return false;
  let linkText = 0;
  for (const link of Array.from(content.querySelectorAll('a'))) linkText += textLength(link);
  return linkText >= text * MIN_STRAY_LINK_SHARE;
}
