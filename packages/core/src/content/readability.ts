import { Readability } from '@mozilla/readability';
import type { HtmlDocument } from './parse.js';

/** The id Readability gives the wrapper it puts around the article's content. */
const READABILITY_PAGE_ID = 'readability-page-1';

/**
 * Readability's article element, or null when it finds none. Readability rewrites the document
 * as it reads it: the caller must not need `document` afterwards.
 */
export function readabilityArticle(document: HtmlDocument): Element | null {
  lowerCaseCreatedTags(document);
  const reader = new Readability<Element>(document, {
    // Our metadata step reads what the page says about itself; Readability would parse JSON-LD again.
    disableJSONLD: true,
    // Classes carry code block languages (language-xx) through to the Markdown step.
    keepClasses: true,
    serializer: (node) => node as Element,
  });
  let article: Element | null;
  try {
    article = reader.parse()?.content ?? null;
  } catch {
    // Markup Readability cannot walk is treated like a page where it finds no article.
    article = null;
  }
  const wrapper = article?.querySelector(`#${READABILITY_PAGE_ID}`);
  if (wrapper) wrapper.replaceWith(...Array.from(wrapper.childNodes));
  return article;
}

/**
 * Readability creates "DIV" and "P" elements, and linkedom keeps the case it is given, which
 * would leave <DIV> tags in the cleaned HTML. Only this document's createElement is changed.
 */
function lowerCaseCreatedTags(document: HtmlDocument): void {
  const createElement = document.createElement.bind(document);
  document.createElement = ((name: string, options?: ElementCreationOptions) =>
    createElement(name.toLowerCase(), options)) as typeof document.createElement;
}
