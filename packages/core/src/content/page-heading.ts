/** Containers whose <h1> is the site's name or a widget's, never the page's title. */
const NOT_THE_PAGE = 'nav, footer, aside, [role="navigation"], [role="contentinfo"], [role="dialog"]';
const MAX_HEADING_CHARS = 300;

/**
 * The page's own title heading (its first real <h1>), copied before extraction changes the
 * page: Readability drops an H1 that repeats the title or turns it into an H2, and a hero
 * header holding it may be cut as furniture. The title is content to a reader and to an LLM.
 */
export function copyPageHeading(body: Element): Element | null {
  for (const heading of Array.from(body.querySelectorAll('h1'))) {
    const text = headingText(heading);
    if (!text || text.length > MAX_HEADING_CHARS || heading.closest(NOT_THE_PAGE) || isSiteName(heading, text)) continue;
    const copy = heading.ownerDocument.createElement('h1');
    copy.textContent = text;
    return copy;
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
    if (existing.tagName !== 'H1') {
      const promoted = existing.ownerDocument.createElement('h1');
      promoted.append(...Array.from(existing.childNodes));
      existing.replaceWith(promoted);
    }
    return;
  }
  content.insertBefore(heading, content.firstChild);
}

/** A logo heading: it links to the site's home page, or says what og:site_name says. */
function isSiteName(heading: Element, text: string): boolean {
  const siteName = heading.ownerDocument.querySelector('meta[property="og:site_name"]')?.getAttribute('content')?.trim();
  if (siteName && siteName.toLowerCase() === text.toLowerCase()) return true;
  const link = heading.querySelector('a[href]') ?? heading.closest('a[href]');
  if (!link) return false;
  const href = link.getAttribute('href')!.trim();
  return href === '/' || /^(?:https?:)?\/\/[^/]+\/?$/i.test(href) || /(?:^|[\s_-])logo(?:$|[\s_-])/i.test(heading.className);
}

/** Permalink marks docs generators append to headings (Sphinx's ¶, "#", a link emoji). */
const PERMALINK_MARK = /\s*(?:¶|#|🔗)\s*$/u;

function headingText(heading: Element): string {
  return (heading.textContent ?? '').replace(/\s+/g, ' ').trim().replace(PERMALINK_MARK, '');
}
