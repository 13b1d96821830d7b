import { removeBoilerplate } from './boilerplate.js';
import { firstProse, proseOpening } from '../predicates/prose-opening.js';
import { collapsedText, textLength, textLengthUpTo } from '../dom/text.js';

/** A title block holding more text than this is the page's whole body, not its heading and introduction. */
const MAX_TITLE_BLOCK_CHARS = 4000;
/** How much of the introduction's first paragraph is looked for in the content. */
const PROBE_CHARS = 100;

/**
 * A copy of the block that holds the page's H1 and its introduction, without the H1, or null
 * when the H1 shares its block with the whole page. Some docs sites put the title and every
 * paragraph above the first H2 in a block of their own beside the body (MDN's `layout__header`),
 * and Readability, picking the body, leaves that introduction out. Read before Readability
 * rewrites the page.
 */
export function copyIntroBlock(body: Element, heading: Element | null): Element | null {
  if (!heading) return null;
  for (let block = heading.parentElement; block && block !== body; block = block.parentElement) {
    if (/^(?:MAIN|ARTICLE)$/.test(block.tagName)) return null;
    if (textLengthUpTo(block, MAX_TITLE_BLOCK_CHARS) > MAX_TITLE_BLOCK_CHARS) return null;
    if (!firstProse(block)) continue;
    const copy = block.cloneNode(true) as Element;
    for (const h1 of Array.from(copy.querySelectorAll('h1'))) h1.remove();
    removeBoilerplate(copy);
    return firstProse(copy) ? copy : null;
  }
  return null;
}

/** Puts the introduction at the start of `content` unless the content has it already. */
export function keepIntro(content: Element, intro: Element | null): void {
  if (!intro) return;
  const probe = proseOpening(intro, PROBE_CHARS);
  if (!probe || collapsedText(content).includes(probe)) return;
  if (textLength(intro) > textLength(content)) return;
  content.insertBefore(intro, content.firstChild);
}
