import { textLengthUpTo } from '../dom/text.js';

/** Links a blog platform marks as the post's tags or categories (WordPress's `the_tags`, the rel-tag microformat). */
const TAG_LINK = 'a[rel~="tag"]';
/** A tag list's own words besides its links: a label ("Tags:", "Filed under:") and separators. More is prose that links a tag. */
const MAX_LABEL_CHARS = 30;
/** A tag list is short; a block longer than this is more, and is not read further. */
const MAX_LIST_CHARS = 1500;
/** A block holding any of these is more than a tag list. */
const KEPT_INSIDE = 'img, picture, video, iframe, h1, table, pre';
/** Separators between tags, not counted as label text. */
const SEPARATORS = /[\s,;|·•/]+/g;

/**
 * Removes the post's tag and category lists ("Tags: stock car 2018, interlagos", "Filed under:
 * Khawarij"): links to other pages about the same words, not the post's text. Found by the
 * platform's markup (`rel="tag"`), not by the label, which sites write in every language: from
 * each tag link up, the outermost block whose other text is at most a short label goes. A tag
 * linked inside a sentence, alone and unlabelled, stays. Returns how many went.
 */
export function removeTagLists(root: Element): number {
  let removed = 0;
  for (const link of Array.from(root.querySelectorAll(TAG_LINK))) {
    if (!root.contains(link)) continue;
    let list: Element | null = null;
    for (let block = link.parentElement; block && block !== root; block = block.parentElement) {
      if (!isTagList(block)) break;
      list = block;
    }
    if (!list || !isLabelledOrSeveral(list)) continue;
    list.remove();
    removed++;
  }
  return removed;
}

/** Whether every link in `block` is a tag link and its other text is at most a label. */
function isTagList(block: Element): boolean {
  if (textLengthUpTo(block, MAX_LIST_CHARS) > MAX_LIST_CHARS || block.querySelector(KEPT_INSIDE)) return false;
  let tagChars = 0;
  for (const link of Array.from(block.querySelectorAll('a[href]'))) {
    if (!link.matches(TAG_LINK)) return false;
    tagChars += bareLength(link.textContent);
  }
  return bareLength(block.textContent) - tagChars <= MAX_LABEL_CHARS;
}

/** A list of one tag with no label may be a word of a sentence wrapped in a span: it stays. */
function isLabelledOrSeveral(list: Element): boolean {
  const links = list.querySelectorAll(TAG_LINK);
  return links.length > 1 || bareLength(list.textContent) > bareLength(links[0]?.textContent ?? '');
}

/** Characters of a text without white space and separators. */
function bareLength(text: string | null): number {
  return (text ?? '').replace(SEPARATORS, '').length;
}
