/**
 * The language label a docs site prints above a code block (MDN's
 * `<div class="example-header"><span class="language-name">js</span></div>` before
 * `<pre class="brush: js">`): as text it is a stray `js` line before the fence, so it becomes the
 * fence's language instead and is dropped where it stood.
 */
import type TurndownService from 'turndown';

/** One language name: `js`, `c++`, `c#`, `objective-c`, `shell`. */
const LANGUAGE_NAME = /^[\w+#.-]{1,24}$/;
/** Class words of a label that names a code block's language. */
const LABEL_CLASS = /lang|example-header|code-header|code-title/i;

/** The `<pre>` right after `element`, when there is one. */
function followingPre(element: Element): Element | null {
  const next = element.nextElementSibling;
  return next?.nodeName === 'PRE' ? next : null;
}

/** The label's text when `element` is a code block's language label, else undefined. */
export function languageLabel(element: Element, languageOf: (pre: Element) => string): string | undefined {
  const pre = followingPre(element);
  if (!pre) return undefined;
  const text = (element.textContent ?? '').trim();
  if (!LANGUAGE_NAME.test(text)) return undefined;
  const named = languageOf(pre);
  if (named && named.toLowerCase() === text.toLowerCase()) return text;
  const labelled = LABEL_CLASS.test(element.getAttribute('class') ?? '') || element.querySelector('[class*="lang"]') !== null;
  return !named && labelled ? text : undefined;
}

/** The language a label just before `pre` gives it, when its own markup names none. */
export function labelledLanguage(pre: Element, languageOf: (pre: Element) => string): string {
  const label = pre.previousElementSibling;
  return label ? (languageLabel(label, languageOf) ?? '') : '';
}

/** The turndown rule that drops the labels. */
export function codeLabelRule(languageOf: (pre: Element) => string): TurndownService.Rule {
  return {
    filter: (node) => node.nodeType === 1 && languageLabel(node as unknown as Element, languageOf) !== undefined,
    replacement: () => '',
  };
}
