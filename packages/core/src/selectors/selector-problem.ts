import { parseHtml } from '../content/dom/parse.js';

// The scrape options check selectors up front (includeTags, excludeTags, attributes), so a bad one
// is the caller's 400. It lives outside content/ so options.ts needs only the parser (content/dom/,
// which imports nothing of core), never the content pipeline.

/** Why the parser refuses `selector` as a CSS selector, or undefined when it accepts it. */
export function selectorProblem(selector: string): string | undefined {
  try {
    parseHtml('<p></p>').querySelectorAll(selector);
    return undefined;
  } catch (error) {
    return `"${selector.slice(0, 100)}" is not a valid CSS selector${error instanceof Error ? `: ${error.message.slice(0, 200)}` : ''}`;
  }
}
