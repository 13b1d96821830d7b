import { textLength } from '../dom/text.js';

/**
 * The containers docs generators put a page's own text in, inside the page's main region and
 * without its version pickers, news banners and comment boxes: DocBook sites' `docContent`,
 * MkDocs' `md-content`, Docusaurus' `theme-doc-markdown`, Sphinx's Read the Docs theme's
 * `rst-content`, and the common `doc(s)-content` and `docs-body` names.
 */
const DOCS_REGION_SELECTOR = [
  '#docContent',
  '#doc-content',
  '.doc-content',
  '#docs-content',
  '.docs-content',
  '.docs-body',
  '.md-content',
  '.theme-doc-markdown',
  '.rst-content',
].join(', ');
/** A docs container holding less than this share of the main region is a fragment (a card's body). */
const MIN_SHARE_OF_REGION = 0.3;

/** The largest docs container holding a fair share of `region`'s text, or null when the page names none. */
export function findDocsRegion(region: Element): Element | null {
  let best: Element | null = null;
  let bestText = 0;
  for (const candidate of Array.from(region.querySelectorAll(DOCS_REGION_SELECTOR))) {
    const text = textLength(candidate);
    if (text > bestText) {
      best = candidate;
      bestText = text;
    }
  }
  return best && bestText >= textLength(region) * MIN_SHARE_OF_REGION ? best : null;
}
