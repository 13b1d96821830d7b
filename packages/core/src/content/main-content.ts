import { removeBoilerplate, removeNonArticleParts } from './boilerplate.js';
import type { HtmlDocument } from './parse.js';
import { readabilityArticle } from './readability.js';
import { hasText } from './text.js';

/**
 * The article Readability finds, minus the furniture and asides its container still holds, or
 * null when it finds no text. Consumes `document` (Readability rewrites it).
 *
 * Measured on the article-extraction benchmark, Readability's pick beats a selector-cleaned body
 * even when the pick is a small share of the page, so it is trusted whenever it has text.
 */
export function readableArticle(document: HtmlDocument): Element | null {
  const article = readabilityArticle(document);
  if (!article) return null;
  removeBoilerplate(article);
  removeNonArticleParts(article);
  return hasText(article) ? article : null;
}

/** The body minus page furniture: main content by selectors, for pages Readability finds nothing in. */
export function bodyWithoutBoilerplate(document: HtmlDocument): Element {
  return removeNonArticleParts(removeBoilerplate(document.body));
}
