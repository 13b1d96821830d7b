import { hasText } from '../dom/text.js';

/** A start or end tag written out as text: `<img src="…">`, `</div>`. */
const TAG_TEXT = /<\/?[a-z][^<>]*>/gi;
/** Text whose tags cover at least this share of its visible characters is markup, not prose. */
const MIN_TAG_SHARE = 0.5;
/**
 * The start of an inline script's `document.write(…)` call, or its CDATA guards, left as text
 * when the string it writes holds a `</script>` that ended the script early.
 */
const SCRIPT_SOURCE_START = /^\s*(?:document\.write(?:ln)?\s*\(|\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>)/;
/** What such a call leaves behind its early end: quotes, pluses, parentheses and a semicolon. */
const SCRIPT_CALL_TAIL = /^\s*['"`][\s'"`+);]*$/;
/** Script source left as text is one statement long; a longer text is prose that starts alike. */
const MAX_SOURCE_CHARS = 300;

/**
 * Whether `text` is markup written out as text rather than words a reader sees: a `<noscript>`
 * whose tracking pixels a CMS escaped (`&lt;img …&gt;`) holds such text, and shown it would be the
 * page's "content".
 */
export function isMarkupSource(raw: string): boolean {
  // Escaped once more than the parse undid (`&lt;img`), it is the same markup.
  const text = raw
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
  const visible = text.replace(/\s+/g, '').length;
  if (visible === 0) return false;
  let tags = 0;
  for (const match of text.matchAll(TAG_TEXT)) tags += match[0].replace(/\s+/g, '').length;
  return tags >= visible * MIN_TAG_SHARE;
}

/**
 * Removes an inline script's source that the parse left as text: `document.write('` before a
 * `<script>` that the written string opened, `');` right after it, CDATA guards. Runs before the
 * scripts go (the tail is known by the script before it). Code samples (`<pre>`, `<code>`) keep theirs.
 */
export function removeScriptSourceText(root: Element): void {
  const document = root.ownerDocument;
  // SHOW_TEXT: only text nodes are visited.
  const walker = document.createTreeWalker(root, 4);
  const leaks: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    if (text.length > MAX_SOURCE_CHARS || !hasText(node)) continue;
    if (!SCRIPT_SOURCE_START.test(text) && !isCallTail(node, text)) continue;
    if (node.parentElement?.closest('pre, code')) continue;
    leaks.push(node);
  }
  for (const node of leaks) node.parentNode?.removeChild(node);
}

/** `');` and the like right after a `<script>`: the end of the call the script cut short. */
function isCallTail(node: Node, text: string): boolean {
  const previous = node.previousSibling as Element | null;
  return previous?.nodeType === 1 && previous.tagName === 'SCRIPT' && SCRIPT_CALL_TAIL.test(text) && text.includes(')');
}
