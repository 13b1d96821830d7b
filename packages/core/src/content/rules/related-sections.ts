import { headingNames } from '../regions/readability.js';
import { textLength } from '../dom/text.js';
import { COMMENT_HEADING_OTHER_LANGUAGES, RELATED_LABEL_OTHER_LANGUAGES } from '../vocabulary/related-labels.js';

/**
 * Headings that open a block about other pages rather than this one: related products and
 * posts, recommendations, recently viewed items, newsletter sign-ups and share prompts (in
 * English; other languages' labels are RELATED_LABEL_OTHER_LANGUAGES).
 */
const RELATED_HEADING =
  /\b(?:related|also (?:viewed|bought|purchased|like|liked|read|enjoy)|you (?:may|might) (?:also )?(?:like|love|enjoy|be interested)|recently viewed|recommended|recommendations|similar (?:items|products|posts|articles)|sponsored|more (?:from|like this|to explore|stories|articles|news|products|posts)|other items|trending|popular (?:posts|articles|products|items)|people also|frequently bought|complete the look|shop the look|read (?:next|more)|newsletter|share (?:this|on)|latest (?:posts|news|articles|stories)|explore more)\b/i;

/**
 * A heading the theme itself names as opening related posts (`class="relatedpoststitle"`,
 * `related-title`): the same block, in whatever language its text is written.
 */
const RELATED_NAME = /related/i;
/** Text before a named block that makes it an appendix to the page rather than the page itself. */
const MIN_TEXT_BEFORE_NAMED_BLOCK = 200;

/** A block bigger than this share of the content is the content itself, whatever its heading says. */
const MAX_SHARE_OF_TEXT = 0.4;
/**
 * A product's own text is often short beside the carousels of other products under it ("people
 * who viewed this item also viewed"), and Readability may pick such a carousel for the page: on a
 * product page a block about other products goes whatever its size.
 */
export const MAX_SHARE_OF_PRODUCT_TEXT = 1;

/**
 * Removes blocks about other pages, found by their heading's text: the heading's nearest
 * container that holds nothing but that block (its parent section, or the heading alone). With
 * `withComments`, a comment section titled in another language goes too (not on threads).
 */
export function removeRelatedSections(root: Element, maxShareOfText = MAX_SHARE_OF_TEXT, withComments = false): void {
  let total: number | undefined;
  for (const heading of Array.from(root.querySelectorAll('h2, h3, h4, h5, h6'))) {
    if (!root.contains(heading)) continue;
    const text = (heading.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!text || text.length > 60) continue;
    const named = RELATED_NAME.test(headingNames(heading));
    if (!named && !isRelatedHeading(text) && !(withComments && COMMENT_HEADING_OTHER_LANGUAGES.test(text))) continue;
    total ??= textLength(root);
    // A named block after the page's own text goes whatever its size: the theme says what it is.
    const appendix = named && textBefore(heading, root) >= MIN_TEXT_BEFORE_NAMED_BLOCK;
    blockOpenedBy(heading, root, appendix ? total : total * maxShareOfText).remove();
  }
}

/** Whether a heading's or a line's text names a block about other pages, in English or another listed language. */
export function isRelatedHeading(text: string): boolean {
  return RELATED_HEADING.test(text) || RELATED_LABEL_OTHER_LANGUAGES.test(text);
}

/**
 * The largest ancestor of `heading` below `root` that the heading opens (it is the first thing
 * with text in it) and that holds at most `maxText` characters.
 */
export function blockOpenedBy(heading: Element, root: Element, maxText: number): Element {
  let block: Element = heading;
  for (let parent = heading.parentElement; parent && parent !== root; parent = parent.parentElement) {
    if (firstTextElement(parent) !== block || textLength(parent) > maxText) break;
    block = parent;
  }
  return block;
}

function firstTextElement(element: Element): Element | null {
  for (const child of Array.from(element.children)) if (/\S/.test(child.textContent ?? '')) return child;
  return null;
}

/** Characters of text in `root` before `element`, in document order. */
function textBefore(element: Element, root: Element): number {
  let chars = 0;
  for (let node: Element | null = element; node && node !== root; node = node.parentElement) {
    for (let sibling = node.previousElementSibling; sibling; sibling = sibling.previousElementSibling) chars += textLength(sibling);
  }
  return chars;
}
