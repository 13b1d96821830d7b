import { isMarkupSource } from '../assembly/markup-source.js';
import { textLength } from '../dom/text.js';

/** A <noscript> holding at least this much text is the page itself, not a "please enable JavaScript" note. */
const MIN_CONTENT_CHARS = 400;

/**
 * Unwraps the <noscript> blocks that hold a page's real content. Discourse and other
 * single-page apps serve their server-rendered posts inside <noscript> for clients without
 * JavaScript, and an HTTP scrape is such a client: without this their pages come out empty.
 */
export function unwrapContentNoscripts(root: Element): void {
  for (const noscript of Array.from(root.querySelectorAll('noscript'))) {
    if (!root.contains(noscript) || noscript.parentElement?.closest('noscript')) continue;
    // Escaped tracking pixels read as text are markup, not the page's words.
    if (textLength(noscript) >= MIN_CONTENT_CHARS && !isMarkupSource(noscript.textContent ?? ''))
      noscript.replaceWith(...Array.from(noscript.childNodes));
  }
}
