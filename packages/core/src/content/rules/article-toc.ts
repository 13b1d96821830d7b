import { textLength } from '../dom/text.js';

/**
 * An article's table of contents: the blocks WordPress's TOC plugins (Easy Table of Contents,
 * Rank Math, SimpleTOC, Yoast) and themes write above the body, named by a class or id word.
 * It repeats the article's headings as links; the golds leave it out.
 */
const TOC_NAME = /(?:^|[\s_-])(?:toc|simpletoc|table-of-contents)(?:$|[\s_-])/i;
/** A heading that only announces such a list. */
const TOC_HEADING = /^(?:table of contents|contents|in this (?:article|post|guide))$/i;
const MAX_HEADING_CHARS = 40;
/** A contents block holds at least this many links, and link text makes at least this share of its text. */
const MIN_LINKS = 2;
const MIN_LINKED_SHARE = 0.6;

/** Removes an article's tables of contents under `root` (see TOC_NAME), with the heading naming one. */
export function removeArticleToc(root: Element): void {
  for (const element of Array.from(root.querySelectorAll('[class], [id]'))) {
    if (!root.contains(element)) continue;
    const names = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
    if (TOC_NAME.test(names) && isContentsList(element)) element.remove();
  }
  for (const heading of Array.from(root.querySelectorAll('h2, h3, h4, h5, h6'))) {
    const text = (heading.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (text.length > MAX_HEADING_CHARS || !TOC_HEADING.test(text)) continue;
    const next = heading.nextElementSibling;
    if (next && (next.tagName === 'UL' || next.tagName === 'OL' || next.tagName === 'NAV') && isContentsList(next)) next.remove();
    heading.remove();
  }
}

/** Whether `block` is nothing but links into this page: most of its text linked, most links fragments. */
function isContentsList(block: Element): boolean {
  const links = Array.from(block.querySelectorAll('a[href]'));
  if (links.length < MIN_LINKS) return false;
  let fragments = 0;
  let linked = 0;
  for (const link of links) {
    if (link.getAttribute('href')!.trim().startsWith('#')) fragments++;
    linked += textLength(link);
  }
  return fragments * 2 >= links.length && linked >= textLength(block) * MIN_LINKED_SHARE;
}
