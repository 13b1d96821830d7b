import { nextInTree } from '../dom/tree-walk.js';

/** Containers whose <h1> is the site's name or a widget's, never the page's title. */
const NOT_THE_PAGE = 'nav, footer, aside, [role="navigation"], [role="contentinfo"], [role="dialog"]';
const MAX_HEADING_CHARS = 300;
/** Block elements that split a heading into several Markdown blocks. */
const BLOCK_IN_HEADING = 'div, p, br, ul, ol, section, h1, h2, h3, h4, h5, h6';

/**
 * A copy of the page's own title heading (findPageHeading), made before extraction changes the
 * page: Readability drops an H1 that repeats the title or turns it into an H2, and a hero
 * header holding it may be cut as furniture. The title is content to a reader and to an LLM.
 */
export function copyPageHeading(heading: Element | null): Element | null {
  if (!heading) return null;
  const copy = heading.ownerDocument.createElement('h1');
  copy.textContent = headingText(heading);
  return copy;
}

/** The page's own title heading: its first <h1> outside navigation and dialogs that is not the site's name. */
export function findPageHeading(body: Element): Element | null {
  for (const heading of Array.from(body.querySelectorAll('h1'))) {
    const text = headingText(heading);
    if (!text || text.length > MAX_HEADING_CHARS || heading.closest(NOT_THE_PAGE) || isSiteName(heading, text)) continue;
    return heading;
  }
  return null;
}

/**
 * Puts the page's H1 in `content` once: an H1 or lower heading already there with its text
 * becomes the H1, otherwise the copy goes first.
 */
export function keepPageHeading(content: Element, heading: Element | null): void {
  if (!heading) return;
  const text = headingText(heading);
  for (const existing of Array.from(content.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
    if (headingText(existing) !== text) continue;
    // A heading built of blocks (a shop's name line over its variant line) would come out as an
    // empty "#" above loose paragraphs: such a heading becomes its text on one line.
    if (existing.tagName !== 'H1' || existing.querySelector(BLOCK_IN_HEADING)) {
      const promoted = existing.ownerDocument.createElement('h1');
      if (existing.querySelector(BLOCK_IN_HEADING)) promoted.textContent = blocksAsLine(existing);
      else promoted.append(...Array.from(existing.childNodes));
      existing.replaceWith(promoted);
    }
    return;
  }
  content.insertBefore(heading, content.firstChild);
}

/**
 * Classes of a heading that names the site, not the page, whole class names only (a shop's
 * `product-brand` H1 is the product's): WordPress themes' `site-title`, Bootstrap's
 * `navbar-brand`, mdBook's `menu-title` (the book's name in its top bar, above every chapter).
 */
const SITE_NAME_CLASS = /(?:^|\s)(?:site-title|site-name|navbar-brand|menu-title)(?:$|\s)/i;

/** A logo heading: it links to the site's home page, or says what og:site_name says. */
function isSiteName(heading: Element, text: string): boolean {
  const siteName = heading.ownerDocument.querySelector('meta[property="og:site_name"]')?.getAttribute('content')?.trim();
  if (siteName && siteName.toLowerCase() === text.toLowerCase()) return true;
  if (SITE_NAME_CLASS.test(heading.className)) return true;
  const link = heading.querySelector('a[href]') ?? heading.closest('a[href]');
  if (!link) return false;
  const href = link.getAttribute('href')!.trim();
  return href === '/' || /^(?:https?:)?\/\/[^/]+\/?$/i.test(href) || /(?:^|[\s_-])logo(?:$|[\s_-])/i.test(heading.className);
}

/** A heading's text with its blocks' texts joined by spaces (blocks carry no spaces of their own). */
function blocksAsLine(heading: Element): string {
  let line = '';
  for (let node = nextInTree(heading, heading); node; node = nextInTree(node, heading)) {
    if (node.nodeType === 3) line += node.nodeValue ?? '';
    else if (node.nodeType === 1 && (node as Element).matches(BLOCK_IN_HEADING)) line += ' ';
  }
  return line.replace(/\s+/g, ' ').trim().replace(PERMALINK_MARK, '');
}

/** Permalink marks docs generators append to headings (Sphinx's ¶, "#", a link emoji). */
const PERMALINK_MARK = /\s*(?:¶|#|🔗)\s*$/u;

function headingText(heading: Element): string {
  return textWithoutButtons(heading).replace(/\s+/g, ' ').trim().replace(PERMALINK_MARK, '');
}

/** A heading's text without its buttons' ("Copy item path"): the Markdown writes no button. */
function textWithoutButtons(heading: Element): string {
  if (!heading.querySelector('button')) return heading.textContent ?? '';
  const copy = heading.cloneNode(true) as Element;
  for (const button of Array.from(copy.querySelectorAll('button'))) button.remove();
  return copy.textContent ?? '';
}
